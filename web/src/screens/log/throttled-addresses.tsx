import { DEFAULT_TENANT_ID, registry, type ThrottledAddress } from '@sso/shared-api';
import { Button, Card, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import './log-strings.js';

/** The button that releases locks and throttles: the same one the server guards the address routes by. */
const UNLOCK = String(registry.user.user.extras.unlock.permission);

/**
 * Client addresses throttled for failed sign-ins, above the sign-in log: how many failures each
 * made and when its throttle ends, with a release. Addresses are shared by every tenant, so only
 * administrators of the platform tenant holding the unlock button see it (as the server allows);
 * the log below shows what each address tried.
 */
export function ThrottledAddresses() {
  const { t } = useTranslation();
  const mayRelease = useStore(userStore, (s) => s.userInfo?.tenantId === DEFAULT_TENANT_ID && s.permissions[UNLOCK] === true);
  const [rows, setRows] = useState<ThrottledAddress[]>();
  const [chosen, setChosen] = useState<string[]>([]);

  const load = useCallback(async () => {
    setRows(await client.throttledAddresses().catch(() => [])); // a refusal is toasted by the client
    setChosen([]);
  }, []);
  useEffect(() => {
    if (mayRelease) void load();
  }, [mayRelease, load]);
  if (!mayRelease) return null;

  const release = (ips: string[]) =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('logScreen.releaseConfirm', { count: ips.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await client.clearAddresses(ips);
        feedback.message.success(t('common.success'));
        await load();
      },
    });

  return (
    <Card
      size="small"
      data-testid="throttled-addresses"
      title={
        <Space>
          {t('logScreen.throttledTitle')}
          <Tag color={rows?.length ? 'red' : 'default'}>{rows?.length ?? 0}</Tag>
        </Space>
      }
      extra={
        <Space>
          <Button size="small" onClick={() => void load()}>
            {t('crud.refresh')}
          </Button>
          <Button size="small" danger disabled={!chosen.length} onClick={() => release(chosen)}>
            {t('logScreen.releaseChosen')}
          </Button>
        </Space>
      }
      style={{ marginBottom: 12 }}
    >
      <Table<ThrottledAddress>
        size="small"
        rowKey="ip"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('logScreen.noneThrottled') }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
        columns={[
          { title: t('logScreen.address'), dataIndex: 'ip' },
          { title: t('logScreen.failures'), dataIndex: 'failures' },
          { title: t('logScreen.throttledUntil'), dataIndex: 'throttledUntil' },
          {
            title: t('crud.actions'),
            key: 'release',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => release([row.ip])}>
                {t('logScreen.release')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
