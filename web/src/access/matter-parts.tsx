import { type MatterLogRow, storedTextIn } from '@sso/shared-api';
import { Empty, Spin, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessApi } from './access-api.js';
import './access-strings.js';

const STATUS_COLOR: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' };

/** A request's status as a coloured tag, in the language shown. */
export function MatterStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-status={status}>
      {t(`access.statuses.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** Every step of a request, oldest first: who did what at which node, with the comment. */
export function MatterTrail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const zhShown = i18n.language.startsWith('zh');
  const [steps, setSteps] = useState<MatterLogRow[]>();
  useEffect(() => {
    accessApi.trail(id).then(setSteps, () => setSteps([]));
  }, [id]);
  if (!steps) return <Spin size="small" />;
  if (!steps.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="matter-trail"
      items={steps.map((step) => ({
        color: step.action === 'reject' || step.action === 'refuse' ? 'red' : step.action === 'withdraw' ? 'gray' : 'blue',
        children: (
          <div style={{ wordBreak: 'break-word' }}>
            <strong>{t(`access.stepActions.${step.action}`, { defaultValue: step.action })}</strong>
            {step.nodeName ? (
              <>
                {' · '}
                <span className="sso-data">{step.nodeName}</span>
              </>
            ) : null}
            {' · '}
            <span className="sso-data">{step.actorName}</span>
            <div style={{ color: '#888', fontSize: 12 }}>{step.createTime}</div>
            {/* A refused grant's comment is the server's message: shown in the language on screen. */}
            {step.comment && (
              <div className="sso-data">{step.action === 'refuse' && !zhShown ? storedTextIn(step.comment, 'en') : step.comment}</div>
            )}
          </div>
        ),
      }))}
    />
  );
}
