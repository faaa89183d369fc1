import { Alert, Button, Descriptions, Input, type InputRef, Modal, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import './strings.js';

export interface Secret {
  clientId: string;
  clientSecret: string;
}

/** Copies through the clipboard API, or by selecting the field where it is missing (plain http). */
export async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * The secret of a new client (or a regenerated one): the server answers it once and keeps only
 * its hash, so this dialog is the only place it is ever shown.
 */
export function SecretDialog({ secret, onClose }: { secret?: Secret; onClose: () => void }) {
  const { t } = useTranslation();
  const field = useRef<InputRef>(null);

  const onCopy = async () => {
    if (!secret) return;
    if (await copy(secret.clientSecret, field.current?.input ?? null)) feedback.message.success(t('tenantScreen.copied'));
    else feedback.message.warning(t('tenantScreen.copyFailed'));
  };

  return (
    <Modal
      title={t('tenantScreen.secretTitle')}
      open={Boolean(secret)}
      width={560}
      closable={false}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('tenantScreen.saved')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('tenantScreen.secretWarning')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('tenantScreen.clientId')}>{secret?.clientId}</Descriptions.Item>
        <Descriptions.Item label={t('tenantScreen.clientSecret')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              ref={field}
              readOnly
              value={secret?.clientSecret}
              data-testid="client-secret"
              aria-label={t('tenantScreen.clientSecret')}
            />
            <Button onClick={() => void onCopy()}>{t('tenantScreen.copy')}</Button>
          </Space.Compact>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
