import { Button, Flex, Form, Input, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { website } from '../../config.js';
import { clearLock } from '../../session/lock.js';
import { clearUser } from '../../session/user-store.js';
import { askingAppName } from '../../sign-on/asking-app.js';
import { CaptchaField } from './captcha-field.js';
import { LanguageToggle } from './language-toggle.js';
import { sealPassword } from './seal-password.js';
import { type SignInMethod, SignInTabs } from './sign-in-tabs.js';
import { secondFactorMethods, secondFactorTicket } from './strings.js';
import { useLoginOptions } from './use-login-options.js';
import { useHostTenant } from './use-tenant.js';

// The sign-in page must stay small (at most 350 KB of gzipped JS): the registration and
// forgotten-password dialogs, the phone form, the second step and the social buttons load on first use.
const RegisterDialog = lazy(() => import('./register-dialog.js'));
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog.js'));
const PhoneSignInForm = lazy(() => import('./phone-form.js'));
const SecondFactorStep = lazy(() => import('./second-factor-step.js'));
const SocialButtons = lazy(() => import('./social-buttons.js'));
const PasskeySignInButton = lazy(() => import('./passkey-sign-in-button.js'));

interface LoginForm {
  tenantId?: string;
  username: string;
  password: string;
  captchaCode?: string;
}

const TENANT_ID = /^\d{1,12}$/;

/**
 * The line about the application that sent the browser here (`appCode` of a BladeX hand-off): ''
 * until its name is known (and when it could not be asked), then the name, or null when the server
 * says no such application is open for sign-in; undefined when no application asks.
 */
function useAskingApp(): string | null | undefined {
  const [name, setName] = useState<string | null>('');
  const appCode = new URLSearchParams(window.location.search).get('appCode');
  useEffect(() => {
    if (appCode) void askingAppName(appCode).then((found) => found !== undefined && setName(found || null));
  }, [appCode]);
  return appCode ? name : undefined;
}

/**
 * Sign-in. The SDK sends the md5 digest; a refusal shows its error_description.
 * Once the token is stored the router guard moves on: to where the user was going, or to
 * /password-lock when the password must be changed first.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const [method, setMethod] = useState<SignInMethod>('account');
  // A first step passed for a user with a second factor: its ticket and tenant.
  const [secondStep, setSecondStep] = useState<{ ticket: string; tenantId: string; methods: string[] }>();
  const [form] = Form.useForm<LoginForm>();
  const host = useHostTenant();
  // The tenant typed (once it looks like one) decides whether its sign-in needs a captcha.
  const [typedTenant, setTypedTenant] = useState<string>();
  const options = useLoginOptions(host.tenantId ?? typedTenant ?? website.defaultTenantId);
  // Tenant mode off (the default): no field, the platform tenant, as in Saber. On: the field,
  // unless the host names its tenant.
  const showTenant = options.tenantMode && host.checked && !host.tenantId;
  const captchaKey = useRef<string | undefined>(undefined);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const askingApp = useAskingApp();
  const { token } = theme.useToken();

  function tenantTyped() {
    const value = String(form.getFieldValue('tenantId') ?? '').trim();
    setTypedTenant(TENANT_ID.test(value) ? value : undefined);
  }

  const currentTenant = () =>
    (host.tenantId ?? (showTenant ? String(form.getFieldValue('tenantId') ?? '') : undefined) ?? website.defaultTenantId).trim();

  async function submit(values: LoginForm) {
    // Enter in the tenant field while the phone tab shows: the phone form sends itself.
    if (method !== 'account') return;
    setLoading(true);
    const tenantId = (host.tenantId ?? (showTenant ? values.tenantId : undefined) ?? website.defaultTenantId).trim();
    const captcha = options.captchaRequired ? { key: captchaKey.current ?? '', code: (values.captchaCode ?? '').trim() } : undefined;
    try {
      clearUser();
      const token = await client.loginSealed(
        { tenantId, username: values.username.trim(), password: values.password, captcha },
        sealPassword,
      );
      if (token.second_factor === 'enrol') feedback.message.warning(t('signIn.enrolRequired'), 8);
      clearLock(); // a successful login ends any lock
      feedback.message.success(t('login.success'));
    } catch (error) {
      const ticket = secondFactorTicket(error);
      if (ticket) setSecondStep({ ticket, tenantId, methods: secondFactorMethods(error) });
      else feedback.message.error(errorMessage(error));
      // A captcha answers one attempt: the next one needs a new picture.
      if (captcha) {
        form.setFieldValue('captchaCode', '');
        setCaptchaGeneration((n) => n + 1);
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    // The panel hangs from a fixed distance below the top rather than being centred: the passkey and
    // social buttons load after the form and grow the panel downwards, and a centred panel would move
    // the 登录 button up under a pointer already on its way to it (a click lost).
    <Flex
      align="flex-start"
      justify="center"
      style={{
        boxSizing: 'border-box',
        minHeight: '100vh',
        paddingTop: 'min(12vh, 120px)',
        paddingBottom: 24,
        background: 'linear-gradient(135deg, #1f3b73, #409EFF)',
      }}
    >
      {/* data-ready: the form has the server's options and knows the host's tenant (browser suites wait on it). */}
      {/* A plain panel rather than antd's Card: Card brings its tabs along, ~13 KB the sign-in page never uses. */}
      <div
        className="login-panel"
        style={{
          boxSizing: 'border-box',
          width: 400,
          maxWidth: '92vw',
          padding: 24,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowTertiary,
        }}
        data-ready={options.checked && host.checked ? 'true' : 'false'}
      >
        <Flex justify="flex-end">
          <LanguageToggle />
        </Flex>
        <h1 style={{ textAlign: 'center', fontSize: 22, margin: '8px 0 20px' }}>{t('login.title')}</h1>
        {/* Its line is there from the first frame (empty until the name comes), so the form below never moves. */}
        {askingApp !== undefined && (
          <p className="login-asking-app" style={{ textAlign: 'center', margin: '-8px 0 16px', minHeight: '1.5em' }}>
            {askingApp === null ? t('login.appUnknown') : askingApp && t('login.appAsks', { name: askingApp })}
          </p>
        )}
        {secondStep ? (
          <Suspense fallback={null}>
            <SecondFactorStep
              ticket={secondStep.ticket}
              tenantId={secondStep.tenantId}
              methods={secondStep.methods}
              onBack={() => setSecondStep(undefined)}
            />
          </Suspense>
        ) : (
          <>
            {/* The tenant field serves both methods: it stays above the tabs. The panels are named by
                their tabs (aria-controls) and not aria-labelledby, so that 账号 labels one field only. */}
            <Form<LoginForm>
              form={form}
              name="login"
              layout="vertical"
              initialValues={{ tenantId: website.defaultTenantId }}
              onFinish={submit}
            >
              {showTenant && (
                <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
                  <Input autoComplete="organization" onBlur={tenantTyped} />
                </Form.Item>
              )}
              <SignInTabs method={method} onChange={setMethod} />
              {method === 'account' && (
                <div role="tabpanel" id="login-panel-account">
                  <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
                    <Input autoComplete="username" autoFocus />
                  </Form.Item>
                  <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
                    <Input.Password autoComplete="current-password" />
                  </Form.Item>
                  {options.captchaRequired && <CaptchaField captchaKey={captchaKey} generation={captchaGeneration} />}
                  <Button type="primary" htmlType="submit" block loading={loading}>
                    {t('login.submit')}
                  </Button>
                </div>
              )}
            </Form>
            {method === 'account' && (
              <Suspense fallback={null}>
                <PasskeySignInButton tenantId={currentTenant} />
              </Suspense>
            )}
            {method === 'phone' && (
              <div role="tabpanel" id="login-panel-phone">
                <Suspense fallback={null}>
                  <PhoneSignInForm
                    tenantId={currentTenant}
                    captchaRequired={options.captchaRequired}
                    onSecondFactor={(ticket, tenantId, methods) => setSecondStep({ ticket, tenantId, methods })}
                  />
                </Suspense>
              </div>
            )}
            <Flex justify="space-between" wrap style={{ marginTop: 12 }}>
              <Button type="link" size="small" onClick={() => setRecovering(true)}>
                {t('signIn.forgot')}
              </Button>
              <Button type="link" size="small" onClick={() => setRegistering(true)}>
                {t('register.link')}
              </Button>
            </Flex>
            <Suspense fallback={null}>
              <SocialButtons tenantId={host.tenantId ?? typedTenant ?? website.defaultTenantId} />
            </Suspense>
          </>
        )}
      </div>
      {registering && (
        <Suspense fallback={null}>
          <RegisterDialog open onClose={() => setRegistering(false)} hostTenant={host.tenantId} />
        </Suspense>
      )}
      {recovering && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            onClose={() => setRecovering(false)}
            tenantId={host.tenantId ?? website.defaultTenantId}
            askTenant={showTenant}
          />
        </Suspense>
      )}
    </Flex>
  );
}
