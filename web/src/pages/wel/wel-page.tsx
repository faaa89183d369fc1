import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import { LandingCards } from './landing-cards.js';
import { PlatformOverview } from './platform-overview.js';

/**
 * /wel/index, the page the console opens first: who is signed in, then what waits for them (one
 * card per screen they may open, each opening it), then the platform overview their menus allow.
 * /wel/dashboard, the overview's former page, leads here.
 */
export default function WelPage() {
  const { t } = useTranslation();
  const info = useStore(userStore, (s) => s.userInfo);
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Card size="small">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('wel.greeting', { name: info?.realName || info?.nickName || info?.account || '' })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('wel.role', { role: info?.roleName ?? '' })}</Typography.Text>
        </Card>
      </Col>
      <Col span={24}>
        <LandingCards />
      </Col>
      <Col span={24}>
        <PlatformOverview />
      </Col>
    </Row>
  );
}
