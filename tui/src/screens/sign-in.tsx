import { ApiError, INIT_PASSWORD_PENDING, messageIn, type SsoClient, secondFactorMessages } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { FieldList } from '../components/field-list.js';
import { captchaLines } from '../core/captcha-picture.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import { captchaRequired, drawCaptcha, type Env, mustEnrolSecondFactor, secondFactorTicket, signIn, type Target } from '../core/session.js';
import type { FieldSpec } from '../core/view-specs.js';

interface SignInProps {
  env: Env;
  target: Target;
  /** Why the form is shown again (the session ended), if it is. */
  reason?: string;
  active: boolean;
  onSignedIn: (client: SsoClient, target: Target, mustChangePassword: boolean) => void;
  onQuit: () => void;
}

/** The narrowest form; a captcha picture widens it up to its natural 120 columns. */
const FORM_WIDTH = 64;
const CAPTCHA_NATURAL_WIDTH = 120;

/** The server's "this ticket is void" (expired, spent, or five wrong codes): the first step starts again. */
const ticketVoid = (message: string) =>
  message === secondFactorMessages.ticketInvalid || message === messageIn(secondFactorMessages.say.ticketInvalid, 'en');

/**
 * Server, tenant, account and password; the session is stored for the profile as `sso login` does.
 * When the tenant's sign-in requires a captcha (the server's login options, as the web asks them),
 * the picture is drawn in half blocks above a field for its answer (Ctrl+R draws another); a
 * wrong answer spends it, so every failed attempt shows a new one. When the account has a second
 * factor, the server answers a ticket and the form asks for the code; a wrong code keeps the step
 * (the ticket allows a few tries). A session that may only enrol a second factor is not opened:
 * the form says what to do instead.
 */
export function SignIn({ env, target, reason, active, onSignedIn, onQuit }: SignInProps) {
  const { lang, t } = useLang();
  const { columns } = useConsole();
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
  /** The captcha shown, when the tenant's sign-in requires one. */
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  /** Set when the session may only enrol a second factor. */
  const [mustEnrol, setMustEnrol] = useState(false);
  /** The server and tenant whose captcha requirement is known (asked once per pair). */
  const checked = useRef<string>(undefined);

  const pictureWidth = Math.max(20, Math.min(CAPTCHA_NATURAL_WIDTH, columns - 4));
  const picture = captcha ? captchaLines(captcha.image, pictureWidth) : [];
  const width = captcha ? Math.max(FORM_WIDTH, Math.min(columns, pictureWidth + 4)) : FORM_WIDTH;

  const newCaptcha = async (where: Target) => {
    setValues((previous) => ({ ...previous, captcha: '' }));
    try {
      setCaptcha(await drawCaptcha(where, lang));
    } catch (error) {
      setMessage((error as Error).message);
    }
  };

  /** Asks the server whether this tenant's sign-in needs a captcha; draws one when it does. */
  const checkCaptcha = async (where: Target): Promise<boolean> => {
    const pair = `${where.url} ${where.tenantId}`;
    if (checked.current === pair) return false;
    checked.current = pair;
    const needed = await captchaRequired(where, lang).catch(() => false);
    if (!needed) {
      setCaptcha(undefined);
      return false;
    }
    setMessage(t('captchaAsked'));
    await newCaptcha(where);
    return true;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once for the target the form opens with
  useEffect(() => {
    if (/^https?:\/\/\S+$/.test(target.url)) void checkCaptcha(target);
  }, []);

  useInput(
    (input, key) => {
      if (key.ctrl && input === 'r' && captcha && !ticket) void newCaptcha(targetOf(values));
    },
    { isActive: active && !busy && !mustEnrol },
  );
  useInput(
    (_input, key) => {
      if (key.escape) return onQuit();
      if (key.return) {
        setMustEnrol(false);
        setValues((previous) => ({ ...previous, password: '' }));
        setMessage('');
      }
    },
    { isActive: active && mustEnrol },
  );

  const targetOf = (typed: Record<string, string>): Target => ({
    ...target,
    url: typed.url.trim(),
    tenantId: typed.tenantId.trim(),
    account: typed.account.trim(),
  });

  const fields: FieldSpec[] = ticket
    ? [{ prop: 'code', label: t('secondFactor'), kind: 'text', required: true }]
    : [
        { prop: 'url', label: t('server'), kind: 'text', required: true },
        { prop: 'tenantId', label: t('tenant'), kind: 'text', required: true },
        { prop: 'account', label: t('account'), kind: 'text', required: true },
        { prop: 'password', label: t('password'), kind: 'password', required: true },
        ...(captcha ? [{ prop: 'captcha', label: t('captcha'), kind: 'text', required: true } as const] : []),
      ];

  const submit = async (values: Record<string, string>) => {
    if (busy) return;
    const missing = Object.fromEntries(fields.filter((f) => !values[f.prop]?.trim()).map((f) => [f.prop, t('required')]));
    if (!ticket && !/^https?:\/\/\S+$/.test(values.url.trim())) missing.url = 'http(s)://…';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const next = targetOf(values);
    // A tenant whose sign-in needs a captcha: the picture comes first, then the user's answer.
    if (!ticket && (await checkCaptcha(next))) {
      setBusy(false);
      return;
    }
    setMessage(t('signingIn'));
    const shown = captcha && !ticket ? { key: captcha.key, code: values.captcha.trim() } : undefined;
    try {
      const step = ticket ? { ticket, code: values.code.trim() } : undefined;
      const { client, token } = await signIn(env, next, values.password, lang, step, shown);
      setBusy(false);
      if (mustEnrolSecondFactor(token)) {
        setTicket(undefined);
        setMustEnrol(true);
        return setMessage('');
      }
      onSignedIn(client, next, token.is_init_password === INIT_PASSWORD_PENDING);
    } catch (error) {
      setBusy(false);
      const text = error instanceof ApiError ? error.message : `${t('server')}: ${(error as Error).message || String(error)}`;
      const asked = secondFactorTicket(error);
      if (asked) {
        setTicket(asked);
        setValues((previous) => ({ ...previous, code: '' }));
        return setMessage(t('secondFactorAsked'));
      }
      // A captcha answers one attempt, right or wrong: the next attempt needs a new picture.
      if (shown) void newCaptcha(next);
      // A wrong code keeps the step (the ticket allows a few tries); a void ticket starts again.
      if (ticket && ticketVoid(text)) setTicket(undefined);
      else if (ticket) setValues((previous) => ({ ...previous, code: '' }));
      // The server turned captchas on since the form asked: ask again on the next attempt.
      if (!ticket && !shown) checked.current = undefined;
      setMessage(text);
    }
  };

  if (mustEnrol)
    return (
      <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={FORM_WIDTH}>
        <Text bold color="yellow">
          {t('title')} · {t('enrolTitle')}
        </Text>
        <Box marginY={1}>
          <Text>{t('enrolSteps')}</Text>
        </Box>
        <Text dimColor>{t('enrolHint')}</Text>
      </Box>
    );

  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={width}>
      <Text bold color="cyan">
        {t('title')} · {t('signIn')}
      </Text>
      {picture.length && !ticket ? (
        <Box flexDirection="column" marginTop={1}>
          {picture.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the picture's rows are fixed in order
            <Text key={i}>{line}</Text>
          ))}
        </Box>
      ) : null}
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
          width={width - 4}
        />
      </Box>
      {message ? <Text color={busy ? 'yellow' : 'red'}>{message}</Text> : null}
      <Text dimColor>{captcha && !ticket ? t('signInCaptchaHint') : t('signInHint')}</Text>
    </Box>
  );
}
