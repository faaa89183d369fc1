import { Alert, Button, Descriptions, Input, type InputRef, Modal, Space } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';

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

/** What a shown-once dialog says: its texts, the rows above the secret, and the secret itself. */
export interface ShownOnce {
  title: string;
  warning: string;
  /** Label and value of each row shown before the secret (which client, where it is used). */
  rows: [label: string, value: ReactNode][];
  secretLabel: string;
  secret: string;
  /** The secret field's data-testid: browser suites read the value from it. */
  testId: string;
  copyLabel: string;
  copyFailed: string;
}

/**
 * A secret the server answers once and keeps only hashed (a client secret, a SCIM token): this
 * dialog is the only place it is ever shown. It closes only by its button, never by a click
 * beside it, so a secret is not lost to a stray click; the copy falls back to selecting the field.
 */
export function ShownOnceDialog({ shown, width, onClose }: { shown?: ShownOnce; width: number; onClose: () => void }) {
  const { t } = useTranslation();
  const field = useRef<InputRef>(null);

  const onCopy = async () => {
    if (!shown) return;
    if (await copy(shown.secret, field.current?.input ?? null)) feedback.message.success(t('common.copied'));
    else feedback.message.warning(shown.copyFailed);
  };

  return (
    <Modal
      title={shown?.title}
      open={Boolean(shown)}
      width={width}
      closable={false}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.savedIt')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={shown?.warning} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered>
        {shown?.rows.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={shown?.secretLabel}>
          <Space.Compact style={{ width: '100%' }}>
            <Input ref={field} readOnly value={shown?.secret} data-testid={shown?.testId} aria-label={shown?.secretLabel} />
            <Button onClick={() => void onCopy()}>{shown?.copyLabel}</Button>
          </Space.Compact>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
