import type { ModelRow } from '@sso/shared-api';
import { Button, Card, Flex, Form, Modal, Select, Space, Table, Upload } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { saveFile } from '../shared/download.js';
import { processOf } from './bpmn/new-diagram.js';
import { flowApi } from './flow-api.js';
import { CategorySelect, FilterBar, useCategoryLabel, useFlowList, useTenantOptions, VersionTag } from './flow-parts.js';
import { type DesignerTarget, ModelDesigner } from './model-designer.js';

/** The deploy dialog of a model: its category (required) and the tenants it is for. */
function DeployDialog({ model, onClose }: { model?: ModelRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ category: string; tenantIds?: string[] }>();
  const tenants = useTenantOptions();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (model) form.setFieldsValue({ category: model.category || undefined, tenantIds: [] });
  }, [model, form]);
  const deploy = async () => {
    if (!model) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      const rows = await flowApi.model.deploy(undefined, {
        modelId: model.id,
        category: values.category,
        tenantIds: (values.tenantIds ?? []).join(','),
      });
      feedback.message.success(t('flowScreen.deployed', { names: rows.map((row) => `${row.name || row.key} v${row.version}`).join(', ') }));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!model}
      title={model ? t('flowScreen.deployTitle', { name: model.name }) : ''}
      onCancel={onClose}
      onOk={() => void deploy().catch(() => undefined)}
      okText={t('flowScreen.deploy')}
      cancelText={t('flowScreen.close')}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="deploy-dialog"
    >
      <Form form={form} layout="vertical" name="flow-model-deploy">
        <Form.Item name="category" label={t('flowScreen.category')} rules={[{ required: true, message: t('flowScreen.categoryPick') }]}>
          <CategorySelect />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('flowScreen.tenants')} extra={t('flowScreen.tenantsHelp')}>
          <Select mode="multiple" allowClear options={tenants} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 模型设计: the tenant's process models. 新建模型 and 导入 BPMN open the designer (bpmn-js with
 * its properties panel), 设计 opens a stored one; 部署 makes a model the next version of its process.
 */
export default function ModelScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const list = useFlowList<ModelRow>((query) => flowApi.model.list(query));
  const categoryLabel = useCategoryLabel();
  const [selected, setSelected] = useState<Key[]>([]);
  const [designing, setDesigning] = useState<DesignerTarget>();
  const [deploying, setDeploying] = useState<ModelRow>();
  const may = {
    add: useHasButton('flow_model_create'),
    edit: useHasButton('flow_model_update'),
    remove: useHasButton('flow_model_delete'),
    deploy: useHasButton('flow_model_deploy'),
    download: useHasButton('flow_model_download'),
  };

  const open = async (row: ModelRow) => {
    const model = await flowApi.model.detail({ id: row.id });
    setDesigning({ model });
  };
  const download = async (row: ModelRow) => {
    const model = await flowApi.model.detail({ id: row.id });
    saveFile(new TextEncoder().encode(model.xml), `${model.modelKey}.bpmn20.xml`, 'application/xml');
  };
  const remove = (ids: string[]) => {
    if (!ids.length) return void feedback.message.warning(t('flowScreen.selectOne'));
    feedback.modal.confirm({
      title: t('flowScreen.remove'),
      content: t('flowScreen.removeConfirm'),
      okText: t('flowScreen.remove'),
      cancelText: t('flowScreen.close'),
      onOk: async () => {
        await flowApi.model.remove(undefined, { ids: ids.join(',') });
        feedback.message.success(t('flowScreen.removed'));
        setSelected([]);
        list.reload();
      },
    });
  };
  const importFile = async (file: File) => {
    const xml = await file.text();
    const process = processOf(xml);
    if (!process) return void feedback.message.error(t('flowScreen.importBad'));
    setDesigning({ xml, modelKey: process.id, name: process.name });
  };

  return (
    <Card size="small" title={menu?.name ?? t('flowScreen.addModel')} data-screen="flow-model">
      <FilterBar
        name="flow-model-search"
        onSearch={list.search}
        fields={[
          { name: 'modelKey', label: t('flowScreen.modelKey') },
          { name: 'name', label: t('flowScreen.modelName') },
        ]}
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        {may.add && (
          <Button type="primary" onClick={() => setDesigning({})} data-testid="new-model">
            {t('flowScreen.addModel')}
          </Button>
        )}
        {may.add && (
          <Upload
            accept=".bpmn,.xml"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button data-testid="import-model">{t('flowScreen.importModel')}</Button>
          </Upload>
        )}
        {may.remove && (
          <Button danger onClick={() => remove(selected.map(String))}>
            {t('flowScreen.remove')}
          </Button>
        )}
        <Button onClick={list.reload}>{t('flowScreen.refresh')}</Button>
      </Flex>
      <Table<ModelRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        rowSelection={may.remove ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        onRow={(row) => ({ 'data-testid': 'model-row', 'data-key': row.modelKey }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { dataIndex: 'modelKey', title: t('flowScreen.modelKey'), render: (v: string) => <span className="sso-data">{v}</span> },
          { dataIndex: 'name', title: t('flowScreen.modelName'), render: (v: string) => <span className="sso-data">{v}</span> },
          {
            dataIndex: 'category',
            title: t('flowScreen.category'),
            render: (v: string, row) => (v ? categoryLabel(v, row.categoryName) : ''),
          },
          { dataIndex: 'version', title: t('flowScreen.modelVersion'), render: (v: number) => <VersionTag version={v} /> },
          { dataIndex: 'created', title: t('flowScreen.created') },
          { dataIndex: 'lastUpdated', title: t('flowScreen.lastUpdated') },
          {
            key: 'actions',
            title: t('flowScreen.actions'),
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {may.edit && (
                  <Button type="link" size="small" onClick={() => void open(row).catch(() => undefined)} data-testid="design-model">
                    {t('flowScreen.design')}
                  </Button>
                )}
                {may.deploy && (
                  <Button type="link" size="small" onClick={() => setDeploying(row)} data-testid="deploy-model">
                    {t('flowScreen.deploy')}
                  </Button>
                )}
                {may.download && (
                  <Button type="link" size="small" onClick={() => void download(row).catch(() => undefined)}>
                    {t('flowScreen.download')}
                  </Button>
                )}
                {may.remove && (
                  <Button type="link" size="small" danger onClick={() => remove([row.id])}>
                    {t('flowScreen.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModelDesigner target={designing} onClose={() => setDesigning(undefined)} onSaved={list.reload} />
      <DeployDialog model={deploying} onClose={() => setDeploying(undefined)} />
    </Card>
  );
}
