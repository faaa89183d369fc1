import { KeyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { clearLock } from '../../session/lock.js';
import { answerWithPasskey, cancelledByBrowser, passkeysSupported } from './passkey-browser.js';

/** Passwordless sign-in with a discoverable passkey of this tenant's sign-in (grant_type=passkey). */
export default function PasskeySignInButton({ tenantId }: { tenantId: () => string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  async function signIn() {
    setBusy(true);
    try {
      const tenant = tenantId();
      const answer = await answerWithPasskey(await client.passkeySignInOptions(tenant));
      await client.loginWithPasskey(answer, tenant);
      clearLock();
      feedback.message.success(t('login.success'));
    } catch (error) {
      feedback.message.error(cancelledByBrowser(error) ? t('signIn.passkeyCancelled') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button block icon={<KeyOutlined />} loading={busy} onClick={signIn} style={{ marginTop: 12 }}>
      {t('signIn.passkeySignIn')}
    </Button>
  );
}
