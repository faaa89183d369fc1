import { type ExportedLog, registry } from '@sso/shared-api';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { saveFile } from '../shared/download.js';
import './log-strings.js';

const security = registry.log.security;
const EXPORT_PATH = `${security.basePath}/${security.extras.export.path}`;

interface Signed {
  filename: string;
  digest: string;
  signature: string;
}

/**
 * 签名导出 / Signed export, above a log: the tenant's newest records of that log as an xlsx the
 * platform signs (SM2 over the file's digest). The digest and signature come in the answer's
 * headers; the dialog shows them with the command that checks the file later, because an
 * assessor keeps the file and checks it away from the console.
 */
export function SignedExport({ log }: { log: ExportedLog }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState<Signed>();

  const exportLog = async () => {
    setBusy(true);
    try {
      const { bytes, headers } = await client.download(EXPORT_PATH, { log });
      const filename = `${log}-log-${new Date().toISOString().slice(0, 10)}.xlsx`;
      saveFile(bytes, filename);
      setSigned({ filename, digest: headers['x-export-digest'] ?? '', signature: headers['x-export-signature'] ?? '' });
    } catch {
      // The client toasts a refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button loading={busy} onClick={() => void exportLog()} data-testid="signed-export">
        {t('logScreen.signedExport')}
      </Button>
      <Modal
        open={Boolean(signed)}
        title={t('logScreen.signedExportTitle')}
        onCancel={() => setSigned(undefined)}
        footer={<Button onClick={() => setSigned(undefined)}>{t('common.close')}</Button>}
        width={640}
      >
        {signed && (
          <div data-testid="signed-export-result">
            <Typography.Paragraph>{t('logScreen.signedExportSaved', { filename: signed.filename })}</Typography.Paragraph>
            <Typography.Paragraph>
              {t('logScreen.exportDigest')}:{' '}
              <Typography.Text code copyable>
                {signed.digest}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph>
              {t('logScreen.exportSignature')}:{' '}
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {signed.signature}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('logScreen.signedExportVerify')}</Typography.Paragraph>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {`sso audit verify-export ${signed.filename} --signature "${signed.signature}"`}
            </Typography.Text>
          </div>
        )}
      </Modal>
    </>
  );
}
