import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { crudApi, type Row } from '../../crud/crud-api.js';
import { defs, listAllRows } from './authz-api.js';
import './authz-strings.js';

const rules = crudApi(client, defs.rule);

/**
 * Every application role of the tenant, labelled with its application (a rule may span
 * applications): all pages are read, so a tenant with more than one page of roles can pick any,
 * and the roles of a rule being edited always have their labels.
 */
function useRoleOptions(open: boolean) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    listAllRows(defs.appRole).then(
      (rows) =>
        live &&
        setOptions(
          rows.map((row) => ({
            value: String(row.id),
            label: `${String(row.appName ?? '')} / ${String(row.roleName)} (${String(row.roleAlias)})`,
          })),
        ),
      () => undefined, // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [open]);
  return options;
}

export interface SodRuleDialogProps {
  /** The rule edited (its id), `{}` for a new one; closed when undefined. */
  rule?: Row;
  onClose: () => void;
  /** After a save: the saved rule, whose conflict report opens next. */
  onSaved: (rule: Row) => void;
}

interface Values {
  ruleName: string;
  appRoleIds: string[];
  remark?: string;
}

/** The rule editor: a name and two or more application roles, possibly of different applications. */
export function SodRuleDialog({ rule, onClose, onSaved }: SodRuleDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const options = useRoleOptions(Boolean(rule));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setError(undefined);
    if (!rule) return;
    form.setFieldsValue({
      ruleName: String(rule.ruleName ?? ''),
      appRoleIds: rule.appRoleIds ? String(rule.appRoleIds).split(',').filter(Boolean) : [],
      remark: String(rule.remark ?? ''),
    });
  }, [rule, form]);

  const save = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      const row = { ...(rule?.id ? { id: rule.id } : {}), ...values, appRoleIds: values.appRoleIds.join(',') };
      const saved = (await rules.submit(row)) as Row | undefined;
      onSaved({ ...row, ...(saved && typeof saved === 'object' ? saved : {}) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(rule)}
      title={t(rule?.id ? 'authzScreen.editRule' : 'authzScreen.newRule')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
      forceRender
      width="min(560px, 96vw)"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} name="sod-rule">
        <Form.Item name="ruleName" label={t('authzScreen.ruleName')} rules={[{ required: true, whitespace: true, max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="appRoleIds"
          label={t('authzScreen.ruleRoles')}
          rules={[
            {
              validator: async (_, ids?: string[]) =>
                (ids?.length ?? 0) >= 2 ? undefined : Promise.reject(new Error(t('authzScreen.pickRoles'))),
            },
          ]}
        >
          <Select mode="multiple" optionFilterProp="label" options={options} data-testid="sod-rule-roles" />
        </Form.Item>
        <Form.Item name="remark" label={t('authzScreen.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
