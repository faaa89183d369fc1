import { Alert, Button, Descriptions, Input, type InputRef, Modal, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { copy } from '../tenant/secret-dialog.js';
import './strings.js';

/** A SCIM token just minted: for which application, and the token itself. */
export interface ScimToken {
  appCode: string;
  token: string;
}

/** Where downstream applications reach the platform's SCIM service. */
const scimAddress = () => `${window.location.origin}/scim/v2`;

/**
 * The SCIM token of an application, answered once by the server (which keeps only its hash):
 * this dialog is the only place it is ever shown, with the address the application calls.
 */
export function ScimTokenDialog({ token, onClose }: { token?: ScimToken; onClose: () => void }) {
  const { t } = useTranslation();
  const field = useRef<InputRef>(null);

  const onCopy = async () => {
    if (!token) return;
    if (await copy(token.token, field.current?.input ?? null)) feedback.message.success(t('tenantScreen.copied'));
    else feedback.message.warning(t('apsScreen.scimCopyFailed'));
  };

  return (
    <Modal
      title={t('apsScreen.scimTitle')}
      open={Boolean(token)}
      width={600}
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
      <Alert type="warning" showIcon title={t('apsScreen.scimWarning')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('apsScreen.appCode')}>{token?.appCode}</Descriptions.Item>
        <Descriptions.Item label={t('apsScreen.scimAddress')}>{scimAddress()}</Descriptions.Item>
        <Descriptions.Item label={t('apsScreen.scimTokenLabel')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input ref={field} readOnly value={token?.token} data-testid="scim-token" aria-label={t('apsScreen.scimTokenLabel')} />
            <Button onClick={() => void onCopy()}>{t('apsScreen.scimCopy')}</Button>
          </Space.Compact>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
