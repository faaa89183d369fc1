import type { SsoClient } from '@sso/shared-api';
import { Box, useApp, useStdout } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { NoticeLine } from './components/status-line.js';
import { ConsoleContext, makeRun, type Notice } from './core/console.js';
import { type Lang, LangContext, translate } from './core/i18n.js';
import { InputQueue } from './core/input-queue.js';
import { type Env, type SessionOptions, storedClient, type Target, targetOf } from './core/session.js';
import { useIdleSignOut } from './core/use-idle-sign-out.js';
import { PasswordChange } from './screens/password-change.js';
import { SignIn } from './screens/sign-in.js';
import { Shell } from './shell.js';

export interface AppProps {
  env: Env;
  options?: SessionOptions;
  lang: Lang;
  /** Waits between retries of a lost connection (tests shorten it). */
  wait?: (ms: number) => Promise<void>;
}

type Phase = 'signIn' | 'changePassword' | 'ready';

/** Terminal size, followed on resize. */
function useSize() {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` reads the same stdout
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
  }, [stdout]);
  return size;
}

/**
 * The console: the CLI's stored session when there is one, else the sign-in form. When the
 * session ends (a 401), the form comes back over the open screen, which is kept as it was.
 */
export function App({ env, options = {}, lang: initial, wait = (ms) => new Promise((r) => setTimeout(r, ms)) }: AppProps) {
  const { exit } = useApp();
  const [lang, setLang] = useState<Lang>(initial);
  const [target, setTarget] = useState<Target>(() => targetOf(env, options));
  const [client, setClient] = useState<SsoClient>(() => storedClient(env, options, initial));
  const [phase, setPhase] = useState<Phase>(() => (client.session ? 'ready' : 'signIn'));
  const [shellShown, setShellShown] = useState(phase === 'ready');
  const [notice, setNotice] = useState<Notice>();
  const [offline, setOffline] = useState<number>();
  const [reason, setReason] = useState<string>();
  const size = useSize();

  const run = useMemo(
    () =>
      makeRun({
        notify: (text, kind) => setNotice({ text, kind }),
        offline: setOffline,
        wait,
        sessionEnded: () => {
          setReason(translate(lang, 'sessionEnded'));
          setPhase('signIn');
        },
      }),
    [lang, wait],
  );
  const api = useMemo(
    () => ({ client, lang, run, notify: (text: string, kind: Notice['kind'] = 'info') => setNotice({ text, kind }), ...size }),
    [client, lang, run, size],
  );
  // The tenant's idle limit: no key for that long signs the console out (the server ends the session too).
  const signOutIdle = useCallback(() => {
    void client.logout().catch(() => undefined);
    setReason(translate(lang, 'idleSignedOut'));
    setPhase('signIn');
  }, [client, lang]);
  useIdleSignOut(phase === 'ready' ? client.session?.token.session_idle_minutes : undefined, signOutIdle);
  const changeLanguage = (next: Lang) => {
    client.options.language = next;
    setLang(next);
  };

  return (
    <LangContext.Provider value={lang}>
      <ConsoleContext.Provider value={api}>
        <Box flexDirection="column">
          <InputQueue />
          {phase === 'signIn' ? (
            <SignIn
              env={env}
              target={target}
              reason={reason}
              active
              onQuit={exit}
              onSignedIn={(next, where, mustChange) => {
                setClient(next);
                setTarget(where);
                setNotice(undefined);
                setPhase(mustChange ? 'changePassword' : 'ready');
                if (!mustChange) setShellShown(true);
              }}
            />
          ) : null}
          {phase === 'changePassword' ? (
            <PasswordChange
              forced
              active
              onDone={() => {
                setPhase('ready');
                setShellShown(true);
              }}
              onCancel={exit}
            />
          ) : null}
          {shellShown ? (
            <Box display={phase === 'ready' ? 'flex' : 'none'} flexDirection="column">
              <Shell client={client} server={target.url} active={phase === 'ready'} onLanguage={changeLanguage} />
            </Box>
          ) : null}
          <NoticeLine notice={notice} offline={offline} />
        </Box>
      </ConsoleContext.Provider>
    </LangContext.Provider>
  );
}
