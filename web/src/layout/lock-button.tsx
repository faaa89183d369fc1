import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { website } from '../config.js';
import { lock, lockStore, setLockPassword } from '../session/lock.js';

/** Locks the screen (every route then leads to /lock): asks for a lock password first when none is set. */
export function LockButton() {
  const { t } = useTranslation();
  const { request, dialog } = useLockScreen();
  return (
    <>
      <Button type="text" icon={<LockOutlined />} onClick={request} aria-label={t('navbar.lock')} title={t('navbar.lock')} />
      {dialog}
    </>
  );
}

/**
 * Locking as the button and the top bar's overflow menu share it: `request` locks at once when a
 * lock password is set, else opens `dialog` (to be rendered) asking for one first.
 */
export function useLockScreen(): { request: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ passwd: string }>();

  const lockNow = () => {
    lock();
    navigate(website.lockPage);
  };
  const request = () => (lockStore.get().passwordDigest ? lockNow() : setOpen(true));
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { passwd } = values;
    setLockPassword(passwd);
    setOpen(false);
    form.resetFields();
    lockNow();
  };

  const dialog = (
    <Modal
      title={t('lock.setTitle')}
      open={open}
      onOk={submit}
      onCancel={() => setOpen(false)}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      width={400}
    >
      <Form form={form} name="lock" layout="vertical" onFinish={submit}>
        <Form.Item name="passwd" label={t('lock.password')} rules={[{ required: true, message: t('lock.required') }]}>
          <Input.Password autoFocus autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { request, dialog };
}
