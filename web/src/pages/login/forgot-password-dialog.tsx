import { PASSWORD_RULE } from '@sso/shared-api/auth';
import { Flex, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { FormModal } from '../../crud/form-modal.js';
import { CaptchaField } from './captcha-field.js';
import { SendCodeButton } from './send-code-button.js';
import { PHONE } from './strings.js';

interface ForgotForm {
  tenantId?: string;
  loginNumber: string;
  phone: string;
  code: string;
  password: string;
  password2: string;
  captchaCode?: string;
}

export interface ForgotPasswordProps {
  onClose: () => void;
  /** The tenant of the sign-in page (the host's, or the default) when the form asks for none. */
  tenantId?: string;
  askTenant: boolean;
}

/**
 * 忘记密码: account, its phone, an SMS code and the new password twice (oauth/resetword). On
 * success every session of the account has ended and the user signs in with the new password.
 */
export default function ForgotPasswordDialog({ onClose, tenantId, askTenant }: ForgotPasswordProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgotForm>();
  const [captchaShown, setCaptchaShown] = useState(false);
  const captchaKey = useRef<string | undefined>(undefined);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const tenant = () => (askTenant ? String(form.getFieldValue('tenantId') ?? '').trim() : tenantId) || undefined;

  const submit = async (values: ForgotForm) => {
    try {
      await client.resetForgottenPassword({
        tenantId: tenant(),
        loginNumber: values.loginNumber.trim(),
        phone: values.phone.trim(),
        code: values.code.trim(),
        password: values.password,
      });
    } catch (error) {
      feedback.message.error(errorMessage(error));
      throw error;
    }
    feedback.message.success(t('signIn.resetDone'));
  };

  return (
    <FormModal<ForgotForm>
      open
      title={t('signIn.forgotTitle')}
      name="forgot"
      form={form}
      width={440}
      okText={t('signIn.resetSubmit')}
      check={(values): Record<string, string> => (values.password !== values.password2 ? { password2: t('signIn.mismatch') } : {})}
      onSubmit={submit}
      onClose={onClose}
    >
      {askTenant && (
        <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
          <Input autoComplete="organization" />
        </Form.Item>
      )}
      <Form.Item
        name="loginNumber"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('signIn.phone')}
        rules={[
          { required: true, message: t('signIn.phoneRequired') },
          { pattern: PHONE, message: t('signIn.phoneFormat') },
        ]}
      >
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      {captchaShown && <CaptchaField captchaKey={captchaKey} generation={captchaGeneration} />}
      <Form.Item label={t('signIn.code')} htmlFor="forgot_code" required>
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: t('signIn.codeRequired') }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} style={{ flex: 1, minWidth: 0 }} />
          </Form.Item>
          <SendCodeButton
            target={() => ({ phone: String(form.getFieldValue('phone') ?? '').trim(), tenantId: tenant() ?? '' })}
            captcha={() => {
              const code = String(form.getFieldValue('captchaCode') ?? '').trim();
              return captchaShown && captchaKey.current && code ? { key: captchaKey.current, code } : undefined;
            }}
            onCaptchaNeeded={() => setCaptchaShown(true)}
            onCaptchaUsed={() => {
              form.setFieldValue('captchaCode', '');
              setCaptchaGeneration((n) => n + 1);
            }}
          />
        </Flex>
      </Form.Item>
      <Form.Item
        name="password"
        label={t('signIn.newPassword')}
        rules={[
          { required: true, message: t('signIn.passwordRule') },
          { pattern: PASSWORD_RULE, message: t('signIn.passwordRule') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="password2" label={t('signIn.newPassword2')} rules={[{ required: true, message: t('signIn.mismatch') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
