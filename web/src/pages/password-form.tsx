import { md5, messages, PASSWORD_RULE, toBase64 } from '@sso/shared-api/auth';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';

interface Values {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * Change of one's own password (8 to 30 characters with a letter, a digit and a special character):
 * POST blade-user/update-password with the md5 digests as at sign-in and the new password in
 * base64 so the server can check the rule.
 * Then a refresh grant, whose token says is_init_password 是.
 */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const ruleMessage = messages.passwordRule[i18n.language === 'en' ? 1 : 0];
  // The rule is said under the new password before anything is typed; once a check fails, its
  // message says it in red instead, so the two never show together.
  const [newPasswordFailed, setNewPasswordFailed] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await client.user.user.updatePassword({
        oldPassword: md5(values.oldPassword),
        newPassword: md5(values.newPassword),
        newPassword1: md5(values.newPassword1),
        passwordBase64: toBase64(values.newPassword),
      });
      await client.refresh();
      form.resetFields();
      onDone();
    } catch {
      // toasted by the response handler
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      name="password"
      layout="vertical"
      onFinish={submit}
      onFieldsChange={() => setNewPasswordFailed(form.getFieldError('newPassword').length > 0)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        extra={newPasswordFailed ? undefined : <span data-testid="password-rule">{t('password.rule')}</span>}
        rules={[
          { required: true, message: t('password.newRequired') },
          { pattern: PASSWORD_RULE, message: ruleMessage },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}
