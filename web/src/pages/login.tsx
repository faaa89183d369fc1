import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { client } from '../session.js';
import { LanguageSwitch } from './language-switch.js';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  async function submit(values: LoginForm) {
    setLoading(true);
    try {
      await client.login({ tenantId: values.tenantId.trim(), username: values.username.trim(), password: values.password });
      message.success(t('login.success'));
      navigate('/wel/index', { replace: true });
    } catch (error) {
      // ApiError carries error_description or msg; network errors their own message.
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <Flex justify="flex-end">
          <LanguageSwitch />
        </Flex>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {t('login.title')}
        </Typography.Title>
        <Form<LoginForm> layout="vertical" initialValues={{ tenantId: DEFAULT_TENANT_ID }} onFinish={submit}>
          <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
            <Input autoComplete="organization" />
          </Form.Item>
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
      </Card>
    </Flex>
  );
}
