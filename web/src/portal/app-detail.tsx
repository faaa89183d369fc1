import { Button, Card, Descriptions, Empty, Skeleton, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppIcon, FavoriteStar } from './app-tile.js';
import { openApp } from './open-app.js';
import { type AppDetail as Detail, portalApi } from './portal-api.js';
import { RequestAccessDialog } from './request-access-dialog.js';

/** One application the caller may open: description, protocol, owner, their recent opens, and an Open button. */
export default function AppDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const [app, setApp] = useState<Detail | null>();
  const [requesting, setRequesting] = useState(false);

  useEffect(() => {
    setApp(undefined);
    // An application that is not the caller's answers an error (shown by the client): show nothing.
    portalApi.detail(id).then(setApp, () => setApp(null));
  }, [id]);

  if (app === undefined) return <Skeleton active />;
  if (app === null) return <Empty description={t('portal.noApps')} />;
  const protocols = t('portal.protocols', { returnObjects: true }) as Record<string, string>;
  return (
    <Card
      data-screen="portal-detail"
      size="small"
      className="sso-name-card"
      title={
        <span className="sso-card-name">
          <AppIcon app={app} size={32} />
          <span className="sso-data" data-testid="detail-name">
            {app.appName}
          </span>
        </span>
      }
      extra={<FavoriteStar app={app} favorite={app.favorite} onChange={(favorite) => setApp({ ...app, favorite })} />}
    >
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('portal.appCode')}>{app.appCode}</Descriptions.Item>
        <Descriptions.Item label={t('portal.appType')}>
          <span className="sso-data">{app.appTypeName || app.appType}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('portal.protocol')}>{protocols[app.protocol] ?? app.protocol}</Descriptions.Item>
        <Descriptions.Item label={t('portal.owner')}>
          <span className="sso-data">{app.ownerName || t('portal.none')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('portal.description')} span={{ xs: 1, sm: 1, md: 2 }}>
          <span className="sso-data" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {app.description || t('portal.none')}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Space style={{ margin: '12px 0' }} wrap>
        <Button type="primary" onClick={() => void openApp(app.id)} data-testid="detail-open">
          {t('portal.open')}
        </Button>
        <Button onClick={() => setRequesting(true)} data-testid="detail-request">
          {t('access.request')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('portal.back')}</Button>
      </Space>
      <RequestAccessDialog app={app} open={requesting} onClose={() => setRequesting(false)} />
      <h4>{t('portal.myOpens')}</h4>
      <Table
        rowKey={(row) => `${row.loginTime}-${row.loginIp}`}
        size="small"
        pagination={false}
        dataSource={app.recentOpens}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('portal.noRecent') }}
        columns={[
          { dataIndex: 'loginTime', title: t('portal.loginTime') },
          { dataIndex: 'loginIp', title: t('portal.loginIp') },
          { dataIndex: 'loginCity', title: t('portal.loginCity') },
        ]}
      />
    </Card>
  );
}
