import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** One server the CLI signs in to. */
export interface Profile {
  url: string;
  tenantId: string;
  account: string;
}

interface ProfilesFile {
  current?: string;
  profiles: Record<string, Profile>;
}

export type Env = Record<string, string | undefined>;

/** $SSO_CONFIG_DIR, else $XDG_CONFIG_HOME/sso, else ~/.config/sso. */
function configDir(env: Env): string {
  if (env.SSO_CONFIG_DIR) return env.SSO_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'sso');
}

/** Reads a JSON file of the config directory, or `fallback` when it does not exist yet. */
export function readJson<T>(env: Env, name: string, fallback: T): T {
  const path = join(configDir(env), name);
  if (!existsSync(path)) return fallback;
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Writes a JSON file readable by its owner only (it may hold tokens). */
export function writeJson(env: Env, name: string, value: unknown): void {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

export const loadProfiles = (env: Env): ProfilesFile => readJson<ProfilesFile>(env, 'profiles.json', { profiles: {} });
export const saveProfiles = (env: Env, file: ProfilesFile) => writeJson(env, 'profiles.json', file);

/** The profile to use: --profile, else $SSO_PROFILE, else the current one, else "default". */
export function profileName(env: Env, requested?: string): string {
  return requested || env.SSO_PROFILE || loadProfiles(env).current || 'default';
}
