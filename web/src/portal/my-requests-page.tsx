import type { MatterRow } from '@sso/shared-api';
import { Button, Card, Collapse, Empty, List, Popconfirm, Segmented, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessApi } from '../access/access-api.js';
import { MatterStatus, MatterTrail } from '../access/matter-parts.js';
import { feedback } from '../api/feedback.js';
import '../access/access-strings.js';

const PAGE_SIZE = 10;
const FILTERS = ['', 'pending', 'approved', 'rejected', 'withdrawn'] as const;

/** 我的申请: the caller's access requests, newest first, with status, current step, steps taken and withdrawal. */
export default function MyRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('');
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<{ records: MatterRow[]; total: number }>();

  const load = useCallback(() => {
    accessApi.mine(current, PAGE_SIZE, status || undefined).then(setPage, () => setPage({ records: [], total: 0 }));
  }, [current, status]);
  useEffect(load, [load]);

  const withdraw = async (row: MatterRow) => {
    await accessApi.withdraw(row.id);
    feedback.message.success(t('access.withdrawn'));
    load();
  };

  return (
    <Card data-screen="portal-requests" size="small" title={t('access.myRequests')}>
      <div style={{ overflowX: 'auto', marginBottom: 12 }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value);
            setCurrent(1);
          }}
          options={FILTERS.map((value) => ({ value, label: value ? t(`access.statuses.${value}`) : t('portal.all') }))}
        />
      </div>
      <List<MatterRow>
        loading={!page}
        dataSource={page?.records ?? []}
        locale={{ emptyText: <Empty description={t('access.noRequests')} /> }}
        pagination={
          page && page.total > PAGE_SIZE ? { current, pageSize: PAGE_SIZE, total: page.total, onChange: setCurrent, size: 'small' } : false
        }
        renderItem={(row) => (
          <List.Item key={row.id} data-testid="my-request" data-id={row.id} style={{ display: 'block' }}>
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <span style={{ wordBreak: 'break-word' }}>
                <strong className="sso-data">{row.appName}</strong> / <span className="sso-data">{row.appRoleName}</span>
              </span>
              <MatterStatus status={row.matterStatus} />
            </Space>
            <div style={{ color: '#888', fontSize: 12, marginTop: 4 }}>
              {t('access.requestTime')}: {row.createTime}
              {row.matterStatus === 'pending' && row.currentNodeName && (
                <>
                  {' · '}
                  {t('access.currentNode')}: <span className="sso-data">{row.currentNodeName}</span>
                </>
              )}
              {row.expireTime && (
                <>
                  {' · '}
                  {t('access.expires')}: {row.expireTime.slice(0, 10)}
                </>
              )}
            </div>
            <div className="sso-data" style={{ marginTop: 4, wordBreak: 'break-word' }}>
              {row.reason}
            </div>
            <Collapse ghost size="small" items={[{ key: 'steps', label: t('access.steps'), children: <MatterTrail id={row.id} /> }]} />
            {row.matterStatus === 'pending' && (
              <Popconfirm
                title={t('access.withdrawConfirm')}
                okText={t('portal.confirm')}
                cancelText={t('portal.cancel')}
                onConfirm={() => withdraw(row)}
              >
                <Button size="small" danger data-testid="withdraw-request">
                  {t('access.withdraw')}
                </Button>
              </Popconfirm>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
