import { type ColumnView, registry } from '@sso/shared-api';
import { Button, Card, Col, Empty, Flex, Form, Radio, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../crud/field-input.js';
import { loadDict, type Option, useDicts } from '../crud/use-dict.js';
import { cleanValues, entityRule, formErrors } from '../crud/validation.js';
import { addScreenStrings } from '../i18n/index.js';
import { PageLoading } from '../lib/page-loading.js';

const CrudPage = lazy(() => import('../crud/crud-page.js'));

addScreenStrings('demoPage', {
  'zh-CN': {
    list: '通用列表',
    listHint: '注册表中的通知公告资源,由通用增删改查页面绘制:搜索、字典下拉、分页、新增与查看都来自资源定义。',
    form: '表单',
    formHint: '同一资源的表单字段与校验规则(与服务端同一份),只预览将提交的内容,不保存。',
    check: '校验并预览',
    reset: '重置',
    payload: '将提交的内容',
    dicts: '字典',
    dictHint: '系统字典的条目(dict/dictionary?code=),下拉框即由此填充。',
    empty: '该字典没有条目',
  },
  en: {
    list: 'Generic list',
    listHint:
      'The notice resource of the registry drawn by the generic CRUD page: search, dictionary selects, paging, add and view all come from the resource definition.',
    form: 'Form',
    formHint: "The same resource's form fields and checks (the server's own), previewing what would be sent; nothing is saved.",
    check: 'Check and preview',
    reset: 'Reset',
    payload: 'What would be sent',
    dicts: 'Dictionaries',
    dictHint: 'Entries of a system dictionary (dict/dictionary?code=), the source of the selects.',
    empty: 'This dictionary has no entries',
  },
});

const demoDef = registry.desk.notice;
const DICT_CODES = ['notice', 'yes_no', 'sex', 'user_type', 'org_category'] as const;

/** The resource's form, checked by its entity; the payload is shown instead of being sent. */
function DemoForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 1 : 0;
  const [form] = Form.useForm();
  const columns = useMemo(() => demoDef.view.columns.filter((column: ColumnView) => !column.hideInForm), []);
  const dicts = useDicts(columns);
  const [payload, setPayload] = useState<Record<string, unknown>>();

  const check = async () => {
    setPayload(undefined);
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const errors = Object.entries(formErrors(demoDef, values));
    if (errors.length) {
      form.setFields(errors.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    setPayload(cleanValues(values));
  };

  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('demoPage.formHint')}</Typography.Paragraph>
      <Form form={form} name="demo-form" layout="vertical" style={{ maxWidth: 720 }}>
        {columns.map((column) => (
          <Form.Item
            key={column.prop}
            name={column.prop}
            label={column.label[lang]}
            rules={[entityRule(demoDef, column.prop)]}
            validateTrigger="onBlur"
          >
            <FieldInput
              def={demoDef}
              column={column}
              dict={column.dict ? dicts[column.dict] : undefined}
              placeholder={column.label[lang]}
            />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" onClick={() => void check()}>
            {t('demoPage.check')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setPayload(undefined);
            }}
          >
            {t('demoPage.reset')}
          </Button>
        </Space>
      </Form>
      {payload && (
        <div data-testid="demo-payload" style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('demoPage.payload')}</Typography.Text>
          <pre style={{ background: 'rgba(0,0,0,0.04)', padding: 8 }}>{JSON.stringify(payload, null, 2)}</pre>
        </div>
      )}
    </Card>
  );
}

/** Entries of a few system dictionaries. */
function DictionaryDemo() {
  const { t } = useTranslation();
  const [code, setCode] = useState<string>(DICT_CODES[0]);
  const [entries, setEntries] = useState<Option[]>();
  useEffect(() => {
    let live = true;
    setEntries(undefined);
    loadDict(code).then(
      (options) => live && setEntries(options),
      () => live && setEntries([]),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('demoPage.dictHint')}</Typography.Paragraph>
      <Radio.Group
        optionType="button"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        options={DICT_CODES.map((c) => ({ value: c, label: c }))}
        style={{ marginBottom: 12 }}
      />
      {!entries ? (
        <Spin />
      ) : entries.length ? (
        <Flex wrap gap={4} data-testid="dict-entries">
          {entries.map((entry) => (
            <Tag key={entry.value}>{`${entry.value} · ${entry.label}`}</Tag>
          ))}
        </Flex>
      ) : (
        <Empty description={t('demoPage.empty')} />
      )}
    </Card>
  );
}

/** /demo/demo (演示页): the UI kit at work — the generic list, a resource form, dictionaries. */
export default function DemoPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 1 : 0;
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'list',
          label: t('demoPage.list'),
          children: (
            <Row gutter={[0, 8]}>
              <Col span={24}>
                <Typography.Text type="secondary">{t('demoPage.listHint')}</Typography.Text>
              </Col>
              <Col span={24}>
                <Suspense fallback={<PageLoading />}>
                  <CrudPage def={demoDef} title={demoDef.view.title[lang]} />
                </Suspense>
              </Col>
            </Row>
          ),
        },
        { key: 'form', label: t('demoPage.form'), children: <DemoForm /> },
        { key: 'dicts', label: t('demoPage.dicts'), children: <DictionaryDemo /> },
      ]}
    />
  );
}
