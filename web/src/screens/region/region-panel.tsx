import { REGION_ROOT, type ResourceDef } from '@sso/shared-api';
import { Button, Card, Empty, Form, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { CrudApi, Row } from '../../crud/crud-api.js';
import { EntityFields, formValues } from '../../crud/entity-fields.js';
import type { Allowed } from '../../crud/permissions.js';
import type { Option } from '../../crud/use-dict.js';
import { cleanValues, formErrors } from '../../crud/validation.js';

export type PanelMode = 'view' | 'edit' | 'add';

export interface RegionPanelProps {
  def: ResourceDef;
  api: CrudApi;
  allowed: Allowed;
  dicts: Record<string, Option[]>;
  /** The region chosen in the tree (its code), if any. */
  selected?: string;
  /** After a save: the level below `parentCode` changed. */
  onSaved: (saved: { code: string; parentCode: string }) => void;
  /** After a delete: the region is gone from the level below `parentCode`. */
  onRemoved: (removed: { code: string; parentCode: string }) => void;
}

/** Read-only in every mode: the parent comes from the tree. The code too once the region exists. */
const lockedIn = (mode: PanelMode, prop: string) => mode === 'view' || prop === 'parentCode' || (mode === 'edit' && prop === 'code');

/**
 * The right side of 行政区划: the chosen region's details, and the add (a province, or below the
 * chosen region), edit and delete its buttons allow. Fields are checked by the entity's schema,
 * as in the generic dialog; the code is the key, so an edit never sends a new one.
 */
export function RegionPanel({ def, api, allowed, dicts, selected, onSaved, onRemoved }: RegionPanelProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [region, setRegion] = useState<Row>();
  const [loading, setLoading] = useState(false);
  const [mode, setMode] = useState<PanelMode>('view');
  /** The parent of the region being added: the chosen region, or the country (a province). */
  const [parent, setParent] = useState<{ code: string; name?: string }>({ code: REGION_ROOT });
  const [saving, setSaving] = useState(false);
  // The level is derived by the server, so it is shown but never edited.
  const columns = useMemo(() => def.view.columns.filter((c) => !c.hideInForm || c.prop === 'level'), [def]);
  const showForm = mode === 'add' || region !== undefined;

  useEffect(() => {
    setMode('view');
    setRegion(undefined);
    setLoading(Boolean(selected));
    if (!selected) return;
    let live = true;
    api
      .detail(selected)
      .then((row) => live && setRegion(row))
      .catch(() => undefined) // toasted by the response handler
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, selected]);

  useEffect(() => {
    if (!showForm) return; // no form is drawn to fill
    form.resetFields();
    if (mode === 'add') form.setFieldsValue({ parentCode: parent.code });
    else if (region) form.setFieldsValue(formValues(def, columns, region));
  }, [form, showForm, mode, region, parent, def, columns]);

  const startAdd = (under?: Row) => {
    setParent(under ? { code: String(under.code), name: String(under.name) } : { code: REGION_ROOT });
    setMode('add');
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const editing = mode === 'edit';
    const sent = { ...values, level: undefined }; // derived by the server from the parent
    const errors = Object.entries(formErrors(def, sent, editing)).filter(([prop]) => columns.some((c) => c.prop === prop));
    if (errors.length) {
      form.setFields(errors.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    setSaving(true);
    try {
      const row = editing ? { ...cleanValues(sent, true), code: region?.code } : cleanValues(sent);
      await api.submit(row);
      feedback.message.success(t(editing ? 'crud.updated' : 'crud.added'));
      onSaved({ code: String(row.code), parentCode: editing ? String(region?.parentCode) : parent.code });
      setMode('view');
      if (editing && region) setRegion(await api.detail(String(region.code)));
    } catch (error) {
      console.error(error); // the toast was shown; the form stays as typed
    } finally {
      setSaving(false);
    }
  };

  const remove = () => {
    if (!region) return;
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.remove([String(region.code)]);
        feedback.message.success(t('crud.deleted'));
        onRemoved({ code: String(region.code), parentCode: String(region.parentCode) });
      },
    });
  };

  const heading =
    mode === 'add'
      ? parent.name
        ? t('regionScreen.addingUnder', { name: parent.name })
        : t('regionScreen.addingProvince')
      : mode === 'edit'
        ? t('regionScreen.editing', { name: region?.name })
        : t('regionScreen.detail');

  const buttons =
    mode === 'view' ? (
      <Space>
        {allowed.add && <Button onClick={() => startAdd()}>{t('regionScreen.addProvince')}</Button>}
        {allowed.add && region && (
          <Button type="primary" onClick={() => startAdd(region)}>
            {t('regionScreen.addChild')}
          </Button>
        )}
        {allowed.edit && region && <Button onClick={() => setMode('edit')}>{t('crud.edit')}</Button>}
        {allowed.remove && region && (
          <Button danger onClick={remove}>
            {t('crud.delete')}
          </Button>
        )}
      </Space>
    ) : (
      <Space>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('common.submit')}
        </Button>
        <Button onClick={() => setMode('view')}>{t('common.cancel')}</Button>
      </Space>
    );

  return (
    <Card size="small" title={heading} extra={buttons} data-testid="region-panel">
      {!showForm ? (
        loading ? (
          <Spin />
        ) : (
          <Empty description={t('regionScreen.chooseHint')} />
        )
      ) : (
        <Form form={form} name="region-form" layout="vertical">
          <EntityFields
            def={def}
            columns={mode === 'view' ? columns : columns.filter((c) => c.prop !== 'level')}
            dicts={dicts}
            twoColumns
            locked={(prop) => lockedIn(mode, prop)}
          />
        </Form>
      )}
    </Card>
  );
}
