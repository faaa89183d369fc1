import { DatePicker, Form, Input, Modal, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessApi, type RequestableRole } from '../access/access-api.js';
import { feedback } from '../api/feedback.js';
import '../access/access-strings.js';

interface Values {
  appRoleId?: string;
  reason?: string;
  expireTime?: Dayjs | null;
}

/**
 * 申请权限: pick one of the application's requestable roles (those held or already asked for are
 * shown but cannot be picked), give a reason and, optionally, the day the access should end.
 */
export function RequestAccessDialog({ app, open, onClose }: { app: { id: string; appName: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [roles, setRoles] = useState<RequestableRole[]>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setRoles(undefined);
    accessApi.roles(app.id).then(setRoles, () => setRoles([]));
  }, [open, app.id]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await accessApi.request({
        appId: app.id,
        appRoleId: String(values.appRoleId),
        reason: String(values.reason ?? '').trim(),
        ...(values.expireTime ? { expireTime: values.expireTime.format('YYYY-MM-DD') } : {}),
      });
      feedback.message.success(t('access.submitted'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={
        <>
          {t('access.requestTitle')} · <span className="sso-data">{app.appName}</span>
        </>
      }
      okText={t('access.submit')}
      cancelText={t('portal.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={480}
      data-testid="request-access-dialog"
    >
      <Form form={form} layout="vertical" name="request-access">
        <Form.Item name="appRoleId" label={t('access.role')} rules={[{ required: true, message: t('access.rolePick') }]}>
          <Select
            loading={!roles}
            placeholder={t('access.rolePick')}
            notFoundContent={t('access.noRoles')}
            options={(roles ?? []).map((role) => ({
              value: role.id,
              disabled: role.held || role.pending,
              label: (
                <span>
                  <span className="sso-data">{role.roleName}</span>
                  {role.held && <Tag style={{ marginLeft: 8 }}>{t('access.held')}</Tag>}
                  {role.pending && <Tag style={{ marginLeft: 8 }}>{t('access.waiting')}</Tag>}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('access.reason')}
          rules={[{ required: true, whitespace: true, message: t('access.reasonRequired') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="expireTime" label={t('access.expireTime')} extra={t('access.expireHint')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(day) => !day.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
