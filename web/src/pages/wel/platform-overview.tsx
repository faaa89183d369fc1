import { ReloadOutlined } from '@ant-design/icons';
import { registry } from '@sso/shared-api';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDicts } from '../../crud/use-dict.js';
import { addScreenStrings } from '../../i18n/index.js';
import { menuCodes } from '../../layout/menu-index.js';
import { settingsStore } from '../../layout/settings.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import { figureSources, loadRecentNotices, loadSignIns, type NoticeLine, type SignIns } from './platform-figures.js';
import { SignInChart } from './sign-in-chart.js';

addScreenStrings('console', {
  'zh-CN': {
    title: '平台概况',
    refresh: '刷新',
    users: '用户',
    depts: '机构',
    roles: '角色',
    clients: '应用(客户端)',
    tenants: '租户',
    notices: '通知公告',
    signIns: '今日登录',
    failed: '失败 {{count}} 次',
    ok: '成功',
    failedSeries: '失败',
    chart: '今日登录(按小时)',
    recent: '最新通知',
    none: '暂无数据',
  },
  en: {
    title: 'Platform overview',
    refresh: 'Refresh',
    users: 'Users',
    depts: 'Departments',
    roles: 'Roles',
    clients: 'Applications (clients)',
    tenants: 'Tenants',
    notices: 'Notices',
    signIns: "Today's sign-ins",
    failed: '{{count}} failed',
    ok: 'Succeeded',
    failedSeries: 'Failed',
    chart: "Today's sign-ins by hour",
    recent: 'Latest notices',
    none: 'No data',
  },
});

// The notice category's dictionary, as the notice resource declares it.
const NOTICE_DICT = registry.desk.notice.view.columns.filter((column) => column.prop === 'category');
const LOG_PERMISSION = registry.log.login.permission;

/**
 * The landing page's platform overview, below the cards to act on: platform figures from the same
 * list calls the screens make — only those the role may call — today's sign-ins from the login
 * log, and the latest notices. Nothing at all for a role that may call none of them.
 */
export function PlatformOverview() {
  const { t } = useTranslation();
  const color = useStore(settingsStore, (s) => s.color);
  const menus = useStore(userStore, (s) => s.menus);
  const codes = useMemo(() => menuCodes(menus), [menus]);
  const sources = useMemo(() => figureSources.filter((source) => codes.has(source.permission)), [codes]);
  const [figures, setFigures] = useState<Record<string, number>>({});
  const [signIns, setSignIns] = useState<SignIns>();
  const [notices, setNotices] = useState<NoticeLine[]>();
  const [loading, setLoading] = useState(false);
  const canNotices = codes.has(registry.desk.notice.permission);
  const canLog = codes.has(LOG_PERMISSION);
  const dicts = useDicts(canNotices ? NOTICE_DICT : []);

  const load = useCallback(async () => {
    setLoading(true);
    // Each figure on its own: one refused call (already toasted) leaves the others standing.
    const counts = sources.map((source) => source.load().then((value) => setFigures((f) => ({ ...f, [source.key]: value }))));
    const log = canLog ? loadSignIns().then(setSignIns) : undefined;
    const latest = canNotices ? loadRecentNotices().then(setNotices) : undefined;
    await Promise.allSettled([...counts, log, latest]);
    setLoading(false);
  }, [sources, canLog, canNotices]);
  useEffect(() => void load(), [load]);

  const labels = useMemo(() => ({ ok: t('console.ok'), failed: t('console.failedSeries') }), [t]);
  const noticeLabel = (key: string) => dicts[NOTICE_DICT[0]?.dict ?? '']?.find((o) => o.value === key)?.label ?? key;

  if (!sources.length && !canLog && !canNotices) return null;
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Card size="small">
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('console.title')}
            </Typography.Title>
            <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void load()}>
              {t('console.refresh')}
            </Button>
          </Space>
        </Card>
      </Col>
      {sources.map((source) => (
        <Col key={source.key} xs={12} md={8} xl={4}>
          <Card data-testid={`figure-${source.key}`}>
            <Statistic title={t(`console.${source.key}`)} value={figures[source.key] ?? '-'} />
          </Card>
        </Col>
      ))}
      {canLog && (
        <Col xs={24} xl={16}>
          <Card title={t('console.chart')} data-testid="figure-sign-ins">
            <Statistic
              title={t('console.signIns')}
              value={signIns?.total ?? '-'}
              suffix={signIns ? <Typography.Text type="danger">{t('console.failed', { count: signIns.failed })}</Typography.Text> : null}
            />
            {signIns && <SignInChart hours={signIns.hours} labels={labels} color={color} />}
          </Card>
        </Col>
      )}
      {canNotices && (
        <Col xs={24} xl={8}>
          <Card title={t('console.recent')}>
            {!notices ? (
              <Skeleton active />
            ) : notices.length === 0 ? (
              <Empty description={t('console.none')} />
            ) : (
              <Flex vertical gap={8}>
                {notices.map((notice) => (
                  <Flex key={notice.id} justify="space-between" gap={8}>
                    <Space>
                      <Tag color="blue">{noticeLabel(notice.category)}</Tag>
                      <span>{notice.title}</span>
                    </Space>
                    <Typography.Text type="secondary">{notice.releaseTime.slice(0, 10)}</Typography.Text>
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      )}
    </Row>
  );
}
