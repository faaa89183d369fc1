import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuNameIn } from '../../i18n/menu-names.js';
import { settingsStore } from '../../layout/settings.js';
import { useStore } from '../../lib/store.js';
import { leavesOf } from '../../router/menu-index.js';
import { useMenuItems } from '../../router/use-route-info.js';
import { userStore } from '../../session/user-store.js';
import { BarChartView } from './menu-chart.js';

/**
 * /wel/index, the dashboard. A first version on real data: who is signed in and the screens the
 * role reaches per menu group; the full dashboard is another engineer's work.
 */
export default function WelPage() {
  const { t, i18n } = useTranslation();
  const info = useStore(userStore, (s) => s.userInfo);
  const permissions = useStore(userStore, (s) => s.permissions);
  const color = useStore(settingsStore, (s) => s.color);
  const items = useMenuItems();
  // The chart's groups are named in the language shown, as the sidebar names them.
  const data = useMemo(
    () => items.map((item) => ({ name: menuNameIn(i18n.language, item), value: leavesOf([item]).length })),
    [items, i18n.language],
  );
  const screens = data.reduce((sum, d) => sum + d.value, 0);

  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('wel.greeting', { name: info?.realName || info?.nickName || info?.account || '' })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('wel.role', { role: info?.roleName ?? '' })}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('wel.groups')} value={items.length} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('wel.screens')} value={screens} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('wel.buttons')} value={Object.keys(permissions).length} />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('wel.chart')}>
          <BarChartView data={data} color={color} />
        </Card>
      </Col>
    </Row>
  );
}
