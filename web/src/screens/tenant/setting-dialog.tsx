import { tenant } from '@sso/shared-api';
import { DatePicker, Form, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { FormModal } from '../../crud/form-modal.js';
import './strings.js';

export interface SettingDialogProps {
  /** Ids of the tenants to set; the dialog is open while there are some. */
  ids: string[];
  /** The one tenant's current values, to start from (several tenants start empty). */
  current?: Row;
  onDone: () => void;
  onClose: () => void;
}

interface Values {
  accountNumber?: number | null;
  expireTime?: Dayjs | null;
}

/** The query of `tenant/setting` as the server checks it: the first message per field. */
function settingErrors(query: Record<string, unknown>): [keyof Values, string][] {
  const result = tenant.extras.setting.query.safeParse(query);
  if (result.success) return [];
  const seen = new Map<keyof Values, string>();
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values;
    if ((field === 'accountNumber' || field === 'expireTime') && !seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen];
}

/** 授权配置 (`tenant/setting`): the account quota (-1 unlimited) and expiry of the ticked tenants. */
export function SettingDialog({ ids, current, onDone, onClose }: SettingDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const open = ids.length > 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (current) {
      const expiry = current.expireTime ? dayjs(String(current.expireTime)) : null;
      form.setFieldsValue({ accountNumber: current.accountNumber as number, expireTime: expiry?.isValid() ? expiry : null });
    }
  }, [open, current, form]);

  const queryOf = (values: Values) => ({
    ids: ids.join(','),
    accountNumber: values.accountNumber ?? undefined,
    expireTime: values.expireTime ? values.expireTime.format('YYYY-MM-DD HH:mm:ss') : '',
  });

  const save = async (values: Values) => {
    await client.system.tenant.setting(undefined, queryOf(values));
    feedback.message.success(t('common.success'));
    onDone();
  };

  return (
    <FormModal
      open={open}
      title={t('tenantScreen.settingTitle')}
      name="tenant-setting"
      form={form}
      width={480}
      check={(values) => Object.fromEntries(settingErrors(queryOf(values)))}
      onSubmit={save}
      onClose={onClose}
      forceRender
    >
      <Form.Item name="accountNumber" label={t('tenantScreen.accountNumber')} extra={t('tenantScreen.accountNumberHelp')}>
        <InputNumber style={{ width: '100%' }} precision={0} />
      </Form.Item>
      <Form.Item name="expireTime" label={t('tenantScreen.expireTime')} extra={t('tenantScreen.expireTimeHelp')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
