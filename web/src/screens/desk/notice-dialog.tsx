import type { ResourceDef } from '@sso/shared-api';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import { loadDict, type Option } from '../../crud/use-dict.js';
import { entityRule, fieldError } from '../../crud/validation.js';

/** The release time as the API takes it (SPEC §5 message: yyyy-MM-dd HH:mm:ss). */
export const RELEASE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  title?: string;
  category?: string;
  releaseTime?: Dayjs;
  content?: string;
}

export interface NoticeDialogProps {
  def: ResourceDef;
  /** 'add', or the notice being edited (its detail). */
  editing?: 'add' | Row;
  onSubmit: (row: Row) => Promise<void>;
  onClose: () => void;
}

/**
 * Add / edit a notice: title, type (dict `notice`), release date and time, and a multi-line
 * content editor. Every field is checked by the entity's own schema, as the server checks it.
 */
export function NoticeDialog({ def, editing, onSubmit, onClose }: NoticeDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 1 : 0;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [categories, setCategories] = useState<Option[]>([]);
  const label = (prop: string) => def.view.columns.find((c) => c.prop === prop)?.label[lang] ?? prop;

  useEffect(() => {
    loadDict('notice').then(setCategories, () => undefined);
  }, []);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'add') form.setFieldsValue({ releaseTime: dayjs() });
    else
      form.setFieldsValue({
        title: editing.title as string,
        category: editing.category === null || editing.category === undefined ? undefined : String(editing.category),
        releaseTime: editing.releaseTime ? dayjs(String(editing.releaseTime)) : undefined,
        content: (editing.content as string) ?? '',
      });
  }, [editing, form]);

  const releaseRule = {
    validator: async (_: unknown, value: Dayjs | undefined) => {
      const message = fieldError(def, 'releaseTime', value?.isValid() ? value.format(RELEASE_FORMAT) : undefined);
      if (message) throw new Error(message);
    },
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit({
        title: values.title?.trim(),
        category: values.category,
        releaseTime: values.releaseTime?.format(RELEASE_FORMAT),
        content: values.content ?? '',
      });
    } catch {
      // toasted by the response handler; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`${t(editing === 'add' ? 'crud.add' : 'crud.edit')} · ${def.view.title[lang]}`}
      open={Boolean(editing)}
      width={def.view.dialogWidth ?? 880}
      onOk={submit}
      onCancel={onClose}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="notice-dialog" layout="vertical">
        <Form.Item name="title" label={label('title')} rules={[entityRule(def, 'title')]} validateTrigger="onBlur">
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="category" label={label('category')} rules={[entityRule(def, 'category')]}>
          <Select options={categories} allowClear />
        </Form.Item>
        <Form.Item name="releaseTime" label={label('releaseTime')} rules={[releaseRule]}>
          <DatePicker showTime format={RELEASE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="content" label={label('content')} rules={[entityRule(def, 'content')]}>
          <Input.TextArea rows={14} showCount maxLength={20000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
