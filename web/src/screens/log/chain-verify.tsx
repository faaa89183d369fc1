import type { ChainVerdictAnswer } from '@sso/shared-api';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import './log-strings.js';

/**
 * 校验审计链 / Verify audit chain, above the usual log: walks the tenant's chain of security
 * records (GET /api/blade-log/security/verify) and says whether it is intact, how many records it
 * checked and, if broken, the first record altered, missing or slipped in.
 */
export function ChainVerify() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<ChainVerdictAnswer>();

  const verify = async () => {
    setBusy(true);
    try {
      setVerdict((await client.log.security.verify({})) as ChainVerdictAnswer);
    } catch {
      // The client toasts a refusal.
    } finally {
      setBusy(false);
    }
  };

  const broken = verdict?.firstBroken;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="chain-verify">
      <Button loading={busy} onClick={() => void verify()}>
        {t('logScreen.verifyChain')}
      </Button>
      {verdict && !broken && <Alert type="success" showIcon message={t('logScreen.chainIntact', { checked: verdict.checked })} />}
      {broken && (
        <Alert
          type="error"
          showIcon
          message={t('logScreen.chainBroken', {
            checked: verdict?.checked,
            table: broken.logTable,
            logId: broken.logId,
            problem: t(`logScreen.problem_${broken.problem}`),
          })}
          description={broken.seq === null ? undefined : t('logScreen.chainLink', { seq: broken.seq })}
        />
      )}
    </Space>
  );
}
