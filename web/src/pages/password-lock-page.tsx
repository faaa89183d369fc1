import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { logout } from '../sign-on/logout.js';
import { PasswordForm } from './password-form.js';

/**
 * /password-lock: the forced change of the initial password. The guard sends every
 * other route here while the session's is_init_password is 否; it also serves a voluntary change.
 */
export default function PasswordLockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A hand-off to an application that waited for the change (/login?redirect=…) goes on afterwards.
  const from = (location.state as { from?: unknown } | null)?.from;
  const next = typeof from === 'string' && from.startsWith('/login?redirect=') ? from : '/';
  const done = () => {
    feedback.message.success(t('common.success'));
    navigate(next, { replace: true });
  };
  const leave = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Card style={{ width: 480, maxWidth: '94vw' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('route.passwordLock')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('password.forced')} style={{ marginBottom: 16 }} />
        <PasswordForm onDone={done} />
        <Flex justify="flex-end">
          <Button type="link" onClick={leave}>
            {t('navbar.logOut')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
