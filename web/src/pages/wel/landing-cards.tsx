import {
  AppstoreOutlined,
  AuditOutlined,
  ClockCircleOutlined,
  FileDoneOutlined,
  LockOutlined,
  ReloadOutlined,
  SignatureOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { DashboardCard, DashboardCardKey, DashboardTasks } from '@sso/shared-api';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Tag, Typography, theme } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { client } from '../../api/client.js';
import { leavesOf } from '../../layout/menu-index.js';
import { useMenuItems } from '../../layout/use-route-info.js';
import { OpensBars } from './opens-bars.js';
import './landing-strings.js';

const ICONS: Record<DashboardCardKey, ReactNode> = {
  approvals: <AuditOutlined />,
  lockedAccounts: <LockOutlined />,
  throttledAddresses: <StopOutlined />,
  failedSignIns: <WarningOutlined />,
  appOpens: <AppstoreOutlined />,
  expiringGrants: <ClockCircleOutlined />,
};

/** Cards whose count, when not zero, is something to act on (shown in the warning colour). */
const ALERTS: ReadonlySet<DashboardCardKey> = new Set([
  'approvals',
  'lockedAccounts',
  'throttledAddresses',
  'failedSignIns',
  'expiringGrants',
]);

/** Where a card's path goes: the sidebar's link of that menu screen (one tab per screen), else the path itself (a fixed route). */
function useScreenLink(): (path: string) => string {
  const items = useMenuItems();
  return useMemo(() => {
    const leaves = leavesOf(items);
    return (path: string) => leaves.find((leaf) => !leaf.external && leaf.rawPath === path)?.link ?? path;
  }, [items]);
}

function LandingCard({ card, to }: { card: DashboardCard; to: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const alert = ALERTS.has(card.key) && card.count > 0;
  return (
    <Link to={to} data-testid={`landing-${card.key}`} aria-label={t(`landing.${card.key}`)} style={{ display: 'block', height: '100%' }}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Statistic
          title={
            <Flex justify="space-between">
              <span>
                {ICONS[card.key]} {t(`landing.${card.key}`)}
              </span>
              <span style={{ color: token.colorLink }}>{t('landing.open')} →</span>
            </Flex>
          }
          value={card.count}
          styles={alert ? { content: { color: token.colorError } } : undefined}
        />
        <Typography.Text type="secondary">{t(`landing.${card.key}Hint`)}</Typography.Text>
        {card.series && <OpensBars series={card.series} color={token.colorPrimary} />}
        {card.sample?.length ? (
          <Flex wrap gap={4} style={{ marginTop: 8 }}>
            {card.sample.map((name) => (
              <Tag key={name} className="sso-data">
                {name}
              </Tag>
            ))}
            {card.count > card.sample.length && <Tag>+{card.count - card.sample.length}</Tag>}
          </Flex>
        ) : null}
      </Card>
    </Link>
  );
}

/** One of the caller's workflow lists (待办事务, 待签事务) with its count, opening the list. */
function TaskCard({ kind, count, to }: { kind: 'todo' | 'claim'; count: number; to: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link to={to} data-testid={`landing-tasks-${kind}`} aria-label={t(`landing.${kind}Tasks`)} style={{ display: 'block', height: '100%' }}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Statistic
          title={
            <Flex justify="space-between">
              <span>
                {kind === 'todo' ? <FileDoneOutlined /> : <SignatureOutlined />} {t(`landing.${kind}Tasks`)}
              </span>
              <span style={{ color: token.colorLink }}>{t('landing.open')} →</span>
            </Flex>
          }
          value={count}
          styles={{ content: { color: token.colorWarning } }}
        />
        <Typography.Text type="secondary">{t(`landing.${kind}TasksHint`)}</Typography.Text>
      </Card>
    </Link>
  );
}

/**
 * What the caller acts on, one card per screen, as the server answers it (GET dash/summary): only
 * the cards of screens the caller may open. Each card opens its screen. Read afresh whenever the
 * landing page shows again (a kept tab's effects run again when it comes back) or on Refresh.
 */
export function LandingCards() {
  const { t } = useTranslation();
  const linkOf = useScreenLink();
  const [cards, setCards] = useState<DashboardCard[]>();
  const [tasks, setTasks] = useState<DashboardTasks>();
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const summary = await client.desk.dash.summary();
      setCards(summary.cards);
      setTasks(summary.tasks);
    } catch {
      setCards((known) => known ?? []); // the client has shown why
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <Card
      size="small"
      data-testid="landing"
      title={t('landing.title')}
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={() => void load()}>
          {t('landing.refresh')}
        </Button>
      }
    >
      {!cards ? (
        <Skeleton active />
      ) : cards.length === 0 && !tasks?.todo && !tasks?.claim ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('landing.nothing')} />
      ) : (
        <Row gutter={[12, 12]}>
          {/* The caller's own workflow tasks first: every signed-in user has them, whatever their menus. */}
          {tasks?.todo ? (
            <Col xs={24} sm={12} xl={8}>
              <TaskCard kind="todo" count={tasks.todo} to={linkOf(tasks.todoPath)} />
            </Col>
          ) : null}
          {tasks?.claim ? (
            <Col xs={24} sm={12} xl={8}>
              <TaskCard kind="claim" count={tasks.claim} to={linkOf(tasks.claimPath)} />
            </Col>
          ) : null}
          {cards.map((card) => (
            <Col key={card.key} xs={24} sm={12} xl={8}>
              <LandingCard card={card} to={linkOf(card.path)} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
