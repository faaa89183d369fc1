import { Button, Card, Flex, Form, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { website } from '../../config.js';
import { clearLock } from '../../session/lock.js';
import { clearUser } from '../../session/user-store.js';
import { LanguageToggle } from './language-toggle.js';
import { useHostTenant } from './use-tenant.js';

// The sign-in page must stay small (issue 4: at most 350 KB of gzipped JS): the registration
// dialog and its Modal load on first use.
const RegisterDialog = lazy(() => import('./register-dialog.js'));

interface LoginForm {
  tenantId?: string;
  username: string;
  password: string;
}

/**
 * Sign-in (SPEC §2, §5). The SDK sends the md5 digest; a refusal shows its error_description.
 * Once the token is stored the router guard moves on: to where the user was going, or to
 * /password-lock when the password must be changed first.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [registering, setRegistering] = useState(false);
  const host = useHostTenant();
  const showTenant = website.tenantMode && !host.tenantId;

  async function submit(values: LoginForm) {
    setLoading(true);
    try {
      clearUser();
      await client.login({
        tenantId: (host.tenantId ?? values.tenantId ?? website.defaultTenantId).trim(),
        username: values.username.trim(),
        password: values.password,
      });
      clearLock(); // a successful login ends any lock (SPEC §4)
      feedback.message.success(t('login.success'));
    } catch (error) {
      feedback.message.error(errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #1f3b73, #409EFF)' }}>
      <Card style={{ width: 400, maxWidth: '92vw' }}>
        <Flex justify="flex-end">
          <LanguageToggle />
        </Flex>
        <h1 style={{ textAlign: 'center', fontSize: 22, margin: '8px 0 20px' }}>{t('login.title')}</h1>
        <Form<LoginForm> name="login" layout="vertical" initialValues={{ tenantId: website.defaultTenantId }} onFinish={submit}>
          {showTenant && (
            <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
              <Input autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            {t('login.submit')}
          </Button>
        </Form>
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Button type="link" size="small" onClick={() => setRegistering(true)}>
            {t('register.link')}
          </Button>
        </Flex>
      </Card>
      {registering && (
        <Suspense fallback={null}>
          <RegisterDialog open onClose={() => setRegistering(false)} hostTenant={host.tenantId} />
        </Suspense>
      )}
    </Flex>
  );
}
