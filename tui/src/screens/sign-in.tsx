import { ApiError, INIT_PASSWORD_PENDING, type SsoClient } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { FieldList, type FieldSpec } from '../components/field-list.js';
import { useLang } from '../core/i18n.js';
import { type Env, secondFactorTicket, signIn, type Target } from '../core/session.js';

interface SignInProps {
  env: Env;
  target: Target;
  /** Why the form is shown again (the session ended), if it is. */
  reason?: string;
  active: boolean;
  onSignedIn: (client: SsoClient, target: Target, mustChangePassword: boolean) => void;
  onQuit: () => void;
}

/** Server, tenant, account and password; the session is stored for the profile as `sso login` does. */
export function SignIn({ env, target, reason, active, onSignedIn, onQuit }: SignInProps) {
  const { lang, t } = useLang();
  const [values, setValues] = useState<Record<string, string>>({
    url: target.url,
    tenantId: target.tenantId,
    account: target.account,
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState(reason ?? '');
  const [busy, setBusy] = useState(false);
  /** Set when the server asked for the second factor: the form then asks for its code. */
  const [ticket, setTicket] = useState<string>();
  const fields: FieldSpec[] = ticket
    ? [{ prop: 'code', label: t('secondFactor'), kind: 'text', required: true }]
    : [
        { prop: 'url', label: t('server'), kind: 'text', required: true },
        { prop: 'tenantId', label: t('tenant'), kind: 'text', required: true },
        { prop: 'account', label: t('account'), kind: 'text', required: true },
        { prop: 'password', label: t('password'), kind: 'password', required: true },
      ];

  const submit = async (values: Record<string, string>) => {
    if (busy) return;
    const missing = Object.fromEntries(fields.filter((f) => !values[f.prop]?.trim()).map((f) => [f.prop, t('required')]));
    if (!ticket && !/^https?:\/\/\S+$/.test(values.url.trim())) missing.url = 'http(s)://…';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setMessage(t('signingIn'));
    const next: Target = { ...target, url: values.url.trim(), tenantId: values.tenantId.trim(), account: values.account.trim() };
    try {
      const step = ticket ? { ticket, code: values.code.trim() } : undefined;
      const { client, token } = await signIn(env, next, values.password, lang, step);
      onSignedIn(client, next, token.is_init_password === INIT_PASSWORD_PENDING);
    } catch (error) {
      setBusy(false);
      const asked = secondFactorTicket(error);
      if (asked) {
        setTicket(asked);
        setValues((previous) => ({ ...previous, code: '' }));
        return setMessage(t('secondFactorAsked'));
      }
      // A wrong or expired code: the first step starts again.
      if (ticket) setTicket(undefined);
      setMessage(error instanceof ApiError ? error.message : `${t('server')}: ${(error as Error).message || String(error)}`);
    }
  };

  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={64}>
      <Text bold color="cyan">
        {t('title')} · {t('signIn')}
      </Text>
      <Box marginY={1}>
        <FieldList
          key={ticket ? 'code' : 'password'}
          fields={fields}
          values={values}
          setValues={setValues}
          errors={errors}
          onSubmit={(typed) => void submit(typed)}
          onCancel={onQuit}
          active={active && !busy}
          width={60}
        />
      </Box>
      {message ? <Text color={busy ? 'yellow' : 'red'}>{message}</Text> : null}
      <Text dimColor>{t('signInHint')}</Text>
    </Box>
  );
}
