import { createRequire } from 'node:module';
import type { Session, SessionStore } from '@sso/shared-api';
import { type Env, readJson, writeJson } from './profiles.js';

const SERVICE = 'sso-cli';
const TOKENS_FILE = 'tokens.json';

interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
  deletePassword(): boolean | undefined;
}

/** The OS keychain entry of a profile, or undefined when the keyring module cannot load. */
function keyringEntry(env: Env, profile: string): KeyringEntry | undefined {
  if (env.SSO_KEYRING === 'off') return undefined;
  try {
    const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: new (s: string, a: string) => KeyringEntry };
    return new Entry(SERVICE, profile);
  } catch {
    return undefined;
  }
}

const attempt = <T>(work: () => T): T | undefined => {
  try {
    return work();
  } catch {
    return undefined;
  }
};

/**
 * Where the session (refresh token) of a profile lives: the OS keychain when it accepts it, else
 * tokens.json (mode 0600) in the config directory; a headless machine has no keychain. Saving
 * nothing forgets it in both places (logout).
 */
export function tokenStore(env: Env, profile: string): SessionStore & { backend(): 'keychain' | 'file' } {
  const entry = keyringEntry(env, profile);
  const fileSessions = () => readJson<Record<string, Session>>(env, TOKENS_FILE, {});
  const writeFile = (session: Session | undefined) => {
    const all = fileSessions();
    if (!session && !(profile in all)) return;
    if (session) all[profile] = session;
    else delete all[profile];
    writeJson(env, TOKENS_FILE, all);
  };
  let backend: 'keychain' | 'file' = 'file';
  return {
    backend: () => backend,
    load: () => {
      const text = entry && attempt(() => entry.getPassword());
      if (text) {
        backend = 'keychain';
        return JSON.parse(text) as Session;
      }
      return fileSessions()[profile];
    },
    save: (session) => {
      if (!session) {
        if (entry) attempt(() => entry.deletePassword());
        return writeFile(undefined);
      }
      const stored =
        entry &&
        attempt(() => {
          entry.setPassword(JSON.stringify(session));
          return true;
        });
      backend = stored ? 'keychain' : 'file';
      if (!stored) writeFile(session);
    },
  };
}
