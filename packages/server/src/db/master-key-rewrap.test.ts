import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '../kernel/config.js';
import { rewrapMasterKey } from '../rewrap-master-key.js';
import { startupFailure } from '../startup-failure.js';
import { DataDirInUseError } from './data-dir-claim.js';
import { exited, otherProcessHolding } from './data-dir-claim.testkit.js';
import { openDatabase } from './database.js';
import { MASTER_KEY_FILE_NAME, MasterKeyError } from './master-key.js';
import { migrate } from './migrate.js';
import { addPersonalKey, loadPersonalKeys } from './personal-data.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import { scratchDirs } from './scratch-dirs.testkit.js';

/**
 * `rewrap-master-key` moves the stored personal-data keys from the current master key to a new
 * one: a start with the new key reads what was encrypted before, the old key is refused after; a
 * current key that does not open the keys, or a malformed new one, changes nothing and says so in
 * one line without the key's value; the data directory's `master.key` takes the new key after the commit.
 */
const scratch = scratchDirs('sso-rewrap-');

const NEW = '5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d';
const THIRD = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const WRONG = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** An embedded database on disk whose master key is its data directory's file, with two keys and a value under each. */
let dir: string;
let fileConfig: Config;
const plain = ['13800138000', 'alice@example.com'];
let encrypted: string[];
beforeAll(async () => {
  dir = scratch();
  fileConfig = testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: undefined });
  const handle = await openDatabase(fileConfig);
  try {
    await migrate(handle.db);
    await addPersonalKey(handle.db, handle.personalData);
    const first = handle.personalData.encrypt(plain[0] as string);
    await addPersonalKey(handle.db, handle.personalData);
    encrypted = [first, handle.personalData.encrypt(plain[1] as string)];
  } finally {
    await handle.close();
  }
}, 180_000);

const keyFile = () => join(dir, MASTER_KEY_FILE_NAME);

/** The stored key rows, and what a start with `config` reads of the values (or its refusal). */
async function startWith(config: Config): Promise<{ stored: unknown[]; read: string[] | MasterKeyError }> {
  const handle = await openDatabase(config);
  try {
    const stored = (await sql`select id, cipher_key, index_key from sso_personal_key order by id`.execute(handle.db.withoutPlugins())).rows;
    const keys = new PersonalDataKeys(handle.personalData.master);
    const refusal = await loadPersonalKeys(handle.db, keys).catch((error: unknown) => error);
    if (refusal) return { stored, read: refusal as MasterKeyError };
    return { stored, read: encrypted.map((value) => keys.decrypt(value)) };
  } finally {
    await handle.close();
  }
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe('rewrap-master-key', () => {
  it('refuses a malformed new key, or none, in one line without its value, and changes nothing', async () => {
    const before = await startWith(fileConfig);
    const oldFile = readFileSync(keyFile(), 'utf8');
    const malformed = await refusalOf(rewrapMasterKey(fileConfig, { SSO_NEW_MASTER_KEY: 'not-a-key-but-a-secret' }));
    expect(malformed).toBeInstanceOf(MasterKeyError);
    expect(startupFailure(fileConfig, malformed)).toBe(
      'SSO_NEW_MASTER_KEY: the master key must be 32 hex digits (128 bits for SM4), got 22 characters',
    );
    expect((await refusalOf(rewrapMasterKey(fileConfig, {})))?.message).toBe(
      'SSO_NEW_MASTER_KEY or SSO_NEW_MASTER_KEY_FILE: set one to the new master key (32 hex digits)',
    );
    expect(await startWith(fileConfig)).toEqual(before);
    expect(readFileSync(keyFile(), 'utf8')).toBe(oldFile);
  });

  it('refuses when the current key does not open the stored keys, and changes nothing', async () => {
    const before = await startWith(fileConfig);
    const wrong = testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: WRONG });
    const refusal = await refusalOf(rewrapMasterKey(wrong, { SSO_NEW_MASTER_KEY: NEW }));
    expect(refusal).toBeInstanceOf(MasterKeyError);
    expect(refusal?.message).toBe(
      'the current master key from SSO_MASTER_KEY does not open the SM4 key of personal-data key 1: nothing was rewrapped',
    );
    expect(refusal?.message).not.toContain(WRONG);
    expect(await startWith(fileConfig)).toEqual(before);
  });

  it("rewraps every key under the new one, replaces the data directory's file (owner only), and the old key is refused after", async () => {
    const old = readFileSync(keyFile(), 'utf8').trim();
    const line = await rewrapMasterKey(fileConfig, { SSO_NEW_MASTER_KEY: NEW });
    expect(line).toBe(`rewrapped 2 personal-data keys under the new master key; ${keyFile()} now holds it`);
    expect(line).not.toContain(NEW);
    expect(readFileSync(keyFile(), 'utf8').trim()).toBe(NEW);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);

    // A start as before (the file) reads the new key, and with it what was encrypted under the old one.
    expect((await startWith(fileConfig)).read).toEqual(plain);
    const withOld = await startWith(testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: old }));
    expect(withOld.read).toBeInstanceOf(MasterKeyError);
  });

  it('takes the new key from a file too and, the current one being a setting, leaves the data directory alone', async () => {
    const newFile = join(scratch(), 'next.key');
    writeFileSync(newFile, `${THIRD}\n`);
    const fromSetting = testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: NEW });
    expect(await rewrapMasterKey(fromSetting, { SSO_NEW_MASTER_KEY_FILE: newFile })).toBe(
      'rewrapped 2 personal-data keys under the new master key: set it in place of the current one (SSO_MASTER_KEY) on every node before the next start',
    );
    expect(readFileSync(keyFile(), 'utf8').trim()).toBe(NEW);
    expect((await startWith(testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: THIRD }))).read).toEqual(plain);
    expect((await startWith(fromSetting)).read).toBeInstanceOf(MasterKeyError);
  });

  it('refuses while another process has the directory open, and leaves it free once done, refused or not', async () => {
    const holder = await otherProcessHolding(dir);
    const refusal = await rewrapMasterKey(testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: THIRD }), { SSO_NEW_MASTER_KEY: NEW }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    holder.kill();
    await exited(holder);
    // Every open above (the rewraps and starts) was closed: another process may take the directory.
    const next = await otherProcessHolding(dir);
    next.kill();
    await exited(next);
  });
});
