import { messageIn, phoneSignInMessages } from '@sso/shared-api/auth';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { PHONE } from './strings.js';

interface Props {
  /** The phone and tenant the code goes to, read when pressed. */
  target: () => { phone: string; tenantId: string };
  /** The captcha answered, once the server asked for one (else undefined). */
  captcha: () => { key: string; code: string } | undefined;
  /** The server asks for a captcha before the next code (the address has asked for several). */
  onCaptchaNeeded: () => void;
  /** A captcha answers one request: a new picture after each. */
  onCaptchaUsed: () => void;
}

const WAIT_SECONDS = 60;

/** "Send code": asks oauth/sendSms, then counts down a minute (the per-phone limit) before it can ask again. */
export function SendCodeButton({ target, captcha, onCaptchaNeeded, onCaptchaUsed }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const { phone, tenantId } = target();
    if (!PHONE.test(phone)) {
      feedback.message.warning(t('signIn.phoneFormat'));
      return;
    }
    const answered = captcha();
    setSending(true);
    try {
      await client.sendSmsCode(phone, tenantId, answered);
      feedback.message.success(t('signIn.codeSent'));
      setLeft(WAIT_SECONDS);
    } catch (error) {
      const message = errorMessage(error);
      if (message === phoneSignInMessages.captchaNeeded || message === messageIn(phoneSignInMessages.say.captchaNeeded, 'en')) {
        onCaptchaNeeded();
        feedback.message.warning(t('signIn.captchaFirst'));
      } else feedback.message.error(message);
    } finally {
      if (answered) onCaptchaUsed();
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={left > 0} aria-live="polite">
      {left > 0 ? t('signIn.resendIn', { seconds: left }) : t('signIn.sendCode')}
    </Button>
  );
}
