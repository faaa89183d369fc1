import type { LeaveDetail } from '@sso/shared-api';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowApi } from '../flow/flow-api.js';
import { closeAndGo, LeaveProcess, LeaveSummary, useRouteParams } from './leave-parts.js';

/**
 * /work/process/leave/detail/:processInstanceId/:businessId — a leave request as it stands: the
 * request and its status, every step with who, when, how long and the comment, and the diagram
 * with the path taken and the open task highlighted.
 */
export default function LeaveDetailScreen() {
  const { t } = useTranslation();
  const { processInstanceId, businessId } = useRouteParams();
  const [detail, setDetail] = useState<LeaveDetail | null>();
  useEffect(() => {
    let live = true;
    flowApi.leave.detail({ businessId }).then(
      (answer) => live && setDetail(answer),
      () => live && setDetail(null),
    );
    return () => {
      live = false;
    };
  }, [businessId]);
  if (detail === undefined) return <Skeleton active />;
  if (detail === null) return <Alert type="warning" showIcon title={t('flowScreen.notFound')} />;
  return (
    <div data-screen="leave-detail">
      <Card
        size="small"
        title={t('flowScreen.leaveInfo')}
        extra={<Button onClick={() => closeAndGo('/work/send')}>{t('flowScreen.close')}</Button>}
      >
        <LeaveSummary detail={detail} />
      </Card>
      <LeaveProcess processInstanceId={processInstanceId || detail.processInstanceId} />
    </div>
  );
}
