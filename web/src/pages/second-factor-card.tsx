import { TOTP_BASE, type TotpEnrolment, type TotpStatus } from '@sso/shared-api/auth';
import { Alert, Button, Card, Flex, Form, Input, QRCode, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { errorMessage } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import { addScreenStrings } from '../i18n/index.js';

addScreenStrings('secondFactor', {
  'zh-CN': {
    title: '双因素认证（动态验证码）',
    enabled: '已开启',
    disabled: '未开启',
    required: '您的账号须开启双因素认证：绑定身份验证器之前，其他功能均不可用',
    passkeyRequired: '管理员账号须使用通行密钥登录：请在下方添加通行密钥（身份验证器不能代替）',
    recoveryLeft: '剩余恢复码：{{count}} 个',
    start: '绑定身份验证器',
    scan: '用身份验证器应用（如 Microsoft Authenticator、Google Authenticator）扫描二维码，或手动输入密钥：',
    secret: '密钥',
    code: '验证器显示的6位验证码',
    codeRequired: '请输入6位验证码',
    confirm: '确认绑定',
    done: '双因素认证已开启',
    codesTitle: '恢复码（仅显示这一次）',
    codesHelp: '请妥善保存。手机丢失时，每个恢复码可代替动态验证码登录一次。',
    lostHelp: '如需更换手机，请联系管理员重置。',
  },
  en: {
    title: 'Second factor (authenticator codes)',
    enabled: 'On',
    disabled: 'Off',
    required: 'Your account must use a second factor: nothing else is available until you set up an authenticator',
    passkeyRequired: 'Administrators sign in with a passkey: add one below (an authenticator app does not count)',
    recoveryLeft: 'Recovery codes left: {{count}}',
    start: 'Set up an authenticator',
    scan: 'Scan the QR code with an authenticator app (Microsoft Authenticator, Google Authenticator…), or type the key:',
    secret: 'Key',
    code: 'The 6-digit code the app shows',
    codeRequired: 'Please enter the 6-digit code',
    confirm: 'Confirm',
    done: 'The second factor is on',
    codesTitle: 'Recovery codes (shown this once)',
    codesHelp: 'Keep them safe. If you lose your phone, each one signs you in once instead of a code.',
    lostHelp: 'To move to a new phone, ask an administrator to reset it.',
  },
});

/** /info/index: the caller's TOTP second factor: status, set-up with a QR code, the recovery codes once. */
export default function SecondFactorCard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TotpStatus>();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    client.call<TotpStatus>('GET', `${TOTP_BASE}/status`).then(setStatus, () => undefined);
  }, []);
  useEffect(load, [load]);

  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await client.call<TotpEnrolment>('POST', `${TOTP_BASE}/enrol`));
    } catch (error) {
      feedback.message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      const answer = await client.call<{ recoveryCodes: string[] }>('POST', `${TOTP_BASE}/confirm`, undefined, { code: code.trim() });
      setCodes(answer.recoveryCodes);
      setEnrolment(undefined);
      // A session restricted to the enrolment gets a full token now that the second factor is on.
      if (client.session?.token.second_factor === 'enrol') await client.refresh();
      feedback.message.success(t('secondFactor.done'));
      load();
    } catch (error) {
      feedback.message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('secondFactor.title')} style={{ marginTop: 12 }} className="second-factor-card">
      {status && (
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Tag color={status.enabled ? 'green' : 'default'}>{t(status.enabled ? 'secondFactor.enabled' : 'secondFactor.disabled')}</Tag>
          {status.enabled && <span>{t('secondFactor.recoveryLeft', { count: status.recoveryCodesLeft })}</span>}
          {status.passkeyRequired ? (
            <Alert type="warning" showIcon message={t('secondFactor.passkeyRequired')} />
          ) : (
            !status.enabled && status.required && <Alert type="warning" showIcon message={t('secondFactor.required')} />
          )}
        </Flex>
      )}
      {codes && (
        <Alert
          type="success"
          message={t('secondFactor.codesTitle')}
          description={
            <>
              <p>{t('secondFactor.codesHelp')}</p>
              <ul className="recovery-codes" style={{ fontFamily: 'monospace', columns: 2, paddingInlineStart: 20 }}>
                {codes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {status?.enabled && <Typography.Text type="secondary">{t('secondFactor.lostHelp')}</Typography.Text>}
      {status && !status.enabled && !enrolment && (
        <Button type="primary" onClick={start} loading={busy}>
          {t('secondFactor.start')}
        </Button>
      )}
      {enrolment && (
        <>
          <p>{t('secondFactor.scan')}</p>
          <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
            <QRCode value={enrolment.uri} size={160} aria-label={t('secondFactor.start')} />
            <div style={{ minWidth: 0 }}>
              <div>{t('secondFactor.secret')}</div>
              <Typography.Text code copyable className="totp-secret" style={{ wordBreak: 'break-all' }}>
                {enrolment.secret}
              </Typography.Text>
            </div>
          </Flex>
          <Form name="totpConfirm" layout="vertical" onFinish={confirm} style={{ maxWidth: 320 }}>
            <Form.Item
              name="code"
              label={t('secondFactor.code')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('secondFactor.codeRequired') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('secondFactor.confirm')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
