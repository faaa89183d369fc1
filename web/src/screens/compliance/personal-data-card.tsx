import type { PersonalDataStateAnswer } from '@sso/shared-api';
import { Button, Card, Descriptions, Popconfirm, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';

/** How often the card asks again while a background re-encryption still has rows to rewrite. */
export const PENDING_POLL_MS = 2000;

/**
 * The platform tenant's view of the encryption at rest of users' phone and email: on or off, the
 * current key, the users not yet under it, and the action that turns it on (the first key) or
 * rotates the key. Shown to the platform tenant only: the keys are the whole platform's. While the
 * protection is on and rows are pending (a rotation goes on in the background after its answer),
 * the card reads the state again every PENDING_POLL_MS until none is left or the card goes away.
 */
export function PersonalDataCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PersonalDataStateAnswer>();
  const [rotating, setRotating] = useState(false);

  const load = useCallback(async () => setState(await client.system.compliance.personalData()), []);
  useEffect(() => {
    load().catch(() => undefined); // a refusal is toasted by the client
  }, [load]);

  // One read at a time: the next is planned once the last has answered (each new state plans it).
  useEffect(() => {
    if (!state?.encrypted || state.pending <= 0) return;
    const timer = setTimeout(() => load().catch(() => undefined), PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, load]);

  const rotate = async () => {
    setRotating(true);
    try {
      setState(await client.system.compliance.rotatePersonalDataKey());
      feedback.message.success(t('compliance.personalData.rotated'));
      onChanged();
    } catch {
      // toasted by the client
    } finally {
      setRotating(false);
    }
  };

  const action = state?.encrypted ? t('compliance.personalData.rotate') : t('compliance.personalData.turnOn');
  return (
    <Card
      size="small"
      title={t('compliance.personalData.title')}
      data-testid="personal-data-card"
      extra={
        <Popconfirm
          title={t('compliance.personalData.confirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={rotate}
          disabled={!state}
        >
          <Button size="small" loading={rotating} disabled={!state} data-testid="personal-data-rotate">
            {action}
          </Button>
        </Popconfirm>
      }
    >
      {state && (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
          <Descriptions.Item label={t('compliance.personalData.state')}>
            <Tag color={state.encrypted ? 'green' : 'red'} data-testid="personal-data-state">
              {state.encrypted ? t('compliance.personalData.on') : t('compliance.personalData.off')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('compliance.personalData.currentKey')}>{state.currentKeyId ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('compliance.personalData.pending')}>
            <span data-testid="personal-data-pending">{state.pending}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
