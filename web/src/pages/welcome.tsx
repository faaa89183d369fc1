import type { UserInfo } from '@sso/shared-api';
import { App, Button, Card, Flex, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { client } from '../session.js';

/** Placeholder home: who is signed in. Without a session it sends the user to /login. */
export function WelcomePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [user, setUser] = useState<UserInfo>();
  const signedIn = client.session !== undefined;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    client.userInfo().then(
      (info) => live && setUser(info),
      (error: unknown) => {
        if (!live) return;
        message.error(error instanceof Error ? error.message : String(error));
        if (!client.session) navigate('/login', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [signedIn, message, navigate]);

  if (!signedIn) return <Navigate to="/login" replace />;

  async function logout() {
    await client.logout().catch(() => undefined);
    navigate('/login', { replace: true });
  }

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Card title={t('welcome.title')} style={{ minWidth: 360 }} extra={<Button onClick={logout}>{t('welcome.logout')}</Button>}>
        {user ? (
          <Typography.Title level={4}>{t('welcome.greeting', { name: user.realName || user.userName || user.account })}</Typography.Title>
        ) : (
          <Spin />
        )}
      </Card>
    </Flex>
  );
}
