import { Button, Flex, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { clearLock } from '../../session/lock.js';
import { clearUser } from '../../session/user-store.js';
import { CaptchaField } from './captcha-field.js';
import { SendCodeButton } from './send-code-button.js';
import { PHONE, secondFactorMethods, secondFactorTicket } from './strings.js';

interface PhoneForm {
  phone: string;
  code: string;
  captchaCode?: string;
}

export interface PhoneFormProps {
  tenantId: () => string;
  /** The tenant requires a captcha at every sign-in. */
  captchaRequired: boolean;
  onSecondFactor: (ticket: string, tenantId: string, methods: string[]) => void;
}

/**
 * Phone sign-in: the phone, "send code" (oauth/sendSms) and the 6-digit code (grant_type=phone).
 * The captcha shows when the tenant requires it, or once the address has asked for several codes.
 */
export default function PhoneSignInForm({ tenantId, captchaRequired, onSecondFactor }: PhoneFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneForm>();
  const [loading, setLoading] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(captchaRequired);
  const captchaKey = useRef<string | undefined>(undefined);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const showCaptcha = captchaShown || captchaRequired;
  const answeredCaptcha = () => {
    const code = String(form.getFieldValue('captchaCode') ?? '').trim();
    return showCaptcha && captchaKey.current && code ? { key: captchaKey.current, code } : undefined;
  };
  const newCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    setCaptchaGeneration((n) => n + 1);
  };

  async function submit(values: PhoneForm) {
    setLoading(true);
    const tenant = tenantId();
    const captcha = captchaRequired ? answeredCaptcha() : undefined;
    try {
      clearUser();
      const token = await client.loginWithPhone({ tenantId: tenant, phone: values.phone.trim(), code: values.code.trim(), captcha });
      if (token.second_factor === 'enrol') feedback.message.warning(t('signIn.enrolRequired'), 8);
      clearLock();
      feedback.message.success(t('login.success'));
    } catch (error) {
      const ticket = secondFactorTicket(error);
      if (ticket) onSecondFactor(ticket, tenant, secondFactorMethods(error));
      else feedback.message.error(errorMessage(error));
      if (captcha) newCaptcha();
    } finally {
      setLoading(false);
    }
  }

  return (
    <Form<PhoneForm> form={form} name="phoneLogin" layout="vertical" onFinish={submit}>
      <Form.Item
        name="phone"
        label={t('signIn.phone')}
        rules={[
          { required: true, message: t('signIn.phoneRequired') },
          { pattern: PHONE, message: t('signIn.phoneFormat') },
        ]}
      >
        <Input autoComplete="tel" inputMode="tel" autoFocus />
      </Form.Item>
      {showCaptcha && <CaptchaField captchaKey={captchaKey} generation={captchaGeneration} />}
      <Form.Item label={t('signIn.code')} htmlFor="phoneLogin_code" required>
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: t('signIn.codeRequired') }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} style={{ flex: 1, minWidth: 0 }} />
          </Form.Item>
          <SendCodeButton
            target={() => ({ phone: String(form.getFieldValue('phone') ?? '').trim(), tenantId: tenantId() })}
            captcha={answeredCaptcha}
            onCaptchaNeeded={() => setCaptchaShown(true)}
            onCaptchaUsed={newCaptcha}
          />
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
