import { registry } from '@sso/shared-api';
import { ApiError, USER_INFO_PATH } from '@sso/shared-api/auth';
import { Button, Card, Col, Descriptions, Empty, Flex, Input, Radio, Row, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { feedback } from '../api/feedback.js';
import { addScreenStrings } from '../i18n/index.js';
import { useStore } from '../lib/store.js';
import { tokenVersion } from '../session/token-store.js';
import { userStore } from '../session/user-store.js';

addScreenStrings('testPage', {
  'zh-CN': {
    user: '当前用户',
    account: '账号',
    name: '姓名',
    role: '角色',
    tenant: '租户',
    token: '令牌',
    expiresAt: '过期时间',
    remaining: '剩余',
    seconds: '{{count}} 秒',
    expired: '已过期',
    refresh: '刷新令牌',
    refreshed: '令牌已刷新',
    permissions: '按钮权限({{count}})',
    filter: '筛选权限编码',
    noPermissions: '没有按钮权限',
    api: '接口调用',
    call: '调用',
    result: '返回结果',
    elapsed: '耗时 {{ms}} ms',
    sampleUserInfo: '当前用户信息',
    sampleParams: '参数列表(第 1 页)',
    sampleDict: '字典 yes_no',
    sampleMissing: '不存在的接口(演示错误提示)',
  },
  en: {
    user: 'Current user',
    account: 'Account',
    name: 'Name',
    role: 'Role',
    tenant: 'Tenant',
    token: 'Token',
    expiresAt: 'Expires at',
    remaining: 'Remaining',
    seconds: '{{count}} s',
    expired: 'Expired',
    refresh: 'Refresh token',
    refreshed: 'Token refreshed',
    permissions: 'Button permissions ({{count}})',
    filter: 'Filter permission codes',
    noPermissions: 'No button permissions',
    api: 'API call',
    call: 'Call',
    result: 'Result',
    elapsed: '{{ms}} ms',
    sampleUserInfo: 'Current user info',
    sampleParams: 'Parameters (page 1)',
    sampleDict: 'Dictionary yes_no',
    sampleMissing: 'A missing endpoint (shows the error toast)',
  },
});

/** Sample GET calls: read-only, so the page can be used on a live platform. */
const { param, dict } = registry.system;
const samples = [
  { key: 'sampleUserInfo', path: USER_INFO_PATH },
  { key: 'sampleParams', path: `${param.basePath}/list`, query: { current: 1, size: 10 } },
  { key: 'sampleDict', path: `${dict.basePath}/${dict.extras.dictionary.path}`, query: { code: 'yes_no' } },
  { key: 'sampleMissing', path: `${param.basePath}/no-such-endpoint` },
] as const;

interface CallResult {
  code: number;
  msg?: string;
  data: unknown;
  ms: number;
}

/** Ticks every second, so the remaining token time counts down. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /test/index (测试页): who is signed in, the token and its expiry, the permission codes, and sample API calls. */
export default function TestPage() {
  const { t } = useTranslation();
  useStore(tokenVersion); // re-read the session after a refresh
  const session = client.session;
  const permissions = useStore(userStore, (s) => s.permissions);
  const now = useNow();
  const [filter, setFilter] = useState('');
  const [sample, setSample] = useState<(typeof samples)[number]['key']>(samples[0].key);
  const [result, setResult] = useState<CallResult>();
  const [calling, setCalling] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const codes = useMemo(() => Object.keys(permissions).sort(), [permissions]);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? codes.filter((code) => code.toLowerCase().includes(needle)) : codes;
  const remaining = session ? Math.max(0, Math.round((session.expiresAt - now) / 1000)) : 0;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await client.refresh();
      feedback.message.success(t('testPage.refreshed'));
    } catch {
      // The client has toasted the reason.
    } finally {
      setRefreshing(false);
    }
  };

  const call = async () => {
    const chosen = samples.find((s) => s.key === sample);
    if (!chosen) return;
    setCalling(true);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const data = await client.call('GET', chosen.path, 'query' in chosen ? chosen.query : undefined);
      setResult({ code: 200, data, ms: elapsed() });
    } catch (error) {
      // The failure was toasted by the client; here it is shown as the server sent it.
      if (error instanceof ApiError) setResult({ code: error.code, msg: error.msg, data: error.data, ms: elapsed() });
      else setResult({ code: 0, msg: String(error), data: null, ms: elapsed() });
    } finally {
      setCalling(false);
    }
  };

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <Card title={t('testPage.user')} data-testid="test-user">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('testPage.account')}>{session?.token.account}</Descriptions.Item>
            <Descriptions.Item label={t('testPage.name')}>{session?.token.real_name || session?.token.nick_name}</Descriptions.Item>
            <Descriptions.Item label={t('testPage.role')}>{session?.token.role_name}</Descriptions.Item>
            <Descriptions.Item label={t('testPage.tenant')}>{session?.token.tenant_id}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t('testPage.token')}
          data-testid="test-token"
          extra={
            <Button size="small" loading={refreshing} onClick={() => void refresh()}>
              {t('testPage.refresh')}
            </Button>
          }
        >
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('testPage.expiresAt')}>
              {session ? new Date(session.expiresAt).toLocaleString() : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('testPage.remaining')}>
              <span data-testid="token-remaining">
                {remaining > 0 ? t('testPage.seconds', { count: remaining }) : t('testPage.expired')}
              </span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('testPage.api')}>
          <Space wrap>
            <Radio.Group
              aria-label={t('testPage.api')}
              optionType="button"
              value={sample}
              onChange={(e) => setSample(e.target.value)}
              options={samples.map((s) => ({ value: s.key, label: t(`testPage.${s.key}`), title: `GET ${s.path}` }))}
            />
            <Button type="primary" loading={calling} onClick={() => void call()}>
              {t('testPage.call')}
            </Button>
          </Space>
          {result && (
            <div style={{ marginTop: 12 }} data-testid="call-result">
              <Space>
                <Typography.Text strong>{t('testPage.result')}</Typography.Text>
                <Tag color={result.code === 200 ? 'green' : 'red'}>code {result.code}</Tag>
                <Typography.Text type="secondary">{t('testPage.elapsed', { ms: result.ms })}</Typography.Text>
              </Space>
              <pre style={{ maxHeight: 360, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8, marginTop: 8 }}>
                {JSON.stringify({ code: result.code, msg: result.msg, data: result.data }, null, 2)}
              </pre>
            </div>
          )}
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('testPage.permissions', { count: codes.length })}>
          <Input
            allowClear
            maxLength={64}
            placeholder={t('testPage.filter')}
            aria-label={t('testPage.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ maxWidth: 320, marginBottom: 12 }}
          />
          {shown.length ? (
            <Flex wrap gap={4} data-testid="permission-codes" style={{ maxHeight: 240, overflow: 'auto' }}>
              {shown.map((code) => (
                <Tag key={code}>{code}</Tag>
              ))}
            </Flex>
          ) : (
            <Empty description={t('testPage.noPermissions')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
