import { KeyOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { clearLock } from '../../session/lock.js';
import { answerWithPasskey, cancelledByBrowser, passkeysSupported } from './passkey-browser.js';

export interface SecondFactorStepProps {
  ticket: string;
  tenantId: string;
  /** What the user set up: `totp` (a code or a recovery code) and / or `passkey`. */
  methods: string[];
  /** Back to the first step (the ticket is left to expire). */
  onBack: () => void;
}

/** The second sign-in step for the ticket of the first step (grant_type=mfa): a TOTP or recovery code, or a passkey. */
export default function SecondFactorStep({ ticket, tenantId, methods, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  async function submit({ code }: { code: string }) {
    setLoading(true);
    try {
      await client.completeSecondFactor(ticket, code.trim(), tenantId);
      clearLock();
      feedback.message.success(t('login.success'));
    } catch (error) {
      feedback.message.error(errorMessage(error));
      form.setFieldValue('code', '');
    } finally {
      setLoading(false);
    }
  }

  async function verifyWithPasskey() {
    setLoading(true);
    try {
      const answer = await answerWithPasskey(await client.passkeySecondStepOptions(ticket));
      await client.completeSecondFactorWithPasskey(ticket, answer, tenantId);
      clearLock();
      feedback.message.success(t('login.success'));
    } catch (error) {
      feedback.message.error(cancelledByBrowser(error) ? t('signIn.passkeyCancelled') : errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  const codes = methods.includes('totp');
  const passkey = methods.includes('passkey') && passkeysSupported();
  return (
    <section aria-labelledby="mfa-title">
      <h2 id="mfa-title" style={{ fontSize: 18, margin: '0 0 8px' }}>
        {t('signIn.mfaTitle')}
      </h2>
      <p id="mfa-help" style={{ margin: '0 0 16px' }}>
        {codes ? t('signIn.mfaHelp') : t('signIn.passkeyHelp')}
      </p>
      {passkey && (
        <Button type={codes ? 'default' : 'primary'} block icon={<KeyOutlined />} loading={loading} onClick={verifyWithPasskey}>
          {t('signIn.passkeyVerify')}
        </Button>
      )}
      {passkey && codes && <p style={{ textAlign: 'center', margin: '8px 0' }}>{t('signIn.or')}</p>}
      {codes && (
        <Form form={form} name="mfa" layout="vertical" onFinish={submit}>
          <Form.Item
            name="code"
            label={t('signIn.mfaCode')}
            rules={[{ required: true, whitespace: true, message: t('signIn.mfaRequired') }]}
          >
            <Input autoComplete="one-time-code" autoFocus maxLength={40} aria-describedby="mfa-help" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            {t('signIn.mfaSubmit')}
          </Button>
        </Form>
      )}
      {!codes && !passkey && <p role="alert">{t('signIn.passkeyUnsupported')}</p>}
      <Button type="link" size="small" onClick={onBack} style={{ marginTop: 8, paddingInline: 0 }}>
        {t('signIn.back')}
      </Button>
    </section>
  );
}
