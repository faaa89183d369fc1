import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../kernel/config.js';
import { startupFailure } from '../startup-failure.js';
import { openDatabase } from './database.js';
import { MASTER_KEY_FILE_NAME, MasterKeyError, resolveMasterKey, unwrapKey, wrapKey } from './master-key.js';
import { migrate } from './migrate.js';
import { addPersonalKey, loadPersonalKeys } from './personal-data.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import { scratchDirs } from './scratch-dirs.testkit.js';

/**
 * The personal-data keys are stored wrapped under a master key the database does not hold: the key
 * row reads as no key, a wrong master key stops the start with a message (never a garbage key), a
 * key stored in clear before wrapping is wrapped where it is and its data still reads, and a start
 * with no master key set makes one in the data directory that only its owner may read.
 */
const scratch = scratchDirs('sso-master-key-');

const MASTER = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const OTHER = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** One migrated embedded database under MASTER, with one personal-data key made (migrating is slow: the tests share it). */
let handle: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  handle = await openDatabase(testConfig({ SSO_MASTER_KEY: MASTER }));
  await migrate(handle.db);
  await addPersonalKey(handle.db, handle.personalData);
}, 180_000);
afterAll(() => handle?.close());
const storedKeys = async () =>
  (
    await sql<{ cipher_key: string; index_key: string }>`select cipher_key, index_key from sso_personal_key order by id`.execute(
      handle.db.withoutPlugins(),
    )
  ).rows;

describe('the master key', () => {
  it('wraps each key as stored: the row holds neither the SM4 key nor the index key, and reading it gives the key back', async () => {
    const encrypted = handle.personalData.encrypt('13800138000');
    const [row] = await storedKeys();
    const master = handle.personalData.master;
    const cipherKey = unwrapKey(master, row?.cipher_key as string, 'key');
    const indexKey = unwrapKey(master, row?.index_key as string, 'key');
    expect(cipherKey).toMatch(/^[0-9a-f]{32}$/);
    expect(indexKey).toMatch(/^[0-9a-f]{64}$/);
    const stored = `${row?.cipher_key} ${row?.index_key}`;
    expect(stored).not.toContain(cipherKey);
    expect(stored).not.toContain(indexKey);
    expect(row?.cipher_key).toMatch(/^sm4kw:/);

    const reopened = new PersonalDataKeys(master);
    await loadPersonalKeys(handle.db, reopened);
    expect(reopened.decrypt(encrypted)).toBe('13800138000');
  });

  it('of another value refuses to open the keys, naming where it came from; the start reports that line', async () => {
    const wrong = new PersonalDataKeys({ hex: OTHER, source: 'SSO_MASTER_KEY' });
    const refusal = await loadPersonalKeys(handle.db, wrong).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MasterKeyError);
    expect((refusal as Error).message).toBe(
      'the master key from SSO_MASTER_KEY does not open the SM4 key of personal-data key 1: start with the master key it was wrapped under (every node of a cluster needs the same one)',
    );
    expect(wrong.enabled).toBe(false);
    expect(startupFailure(testConfig(), refusal)).toBe((refusal as Error).message);
  });

  it('wraps a key stored in clear before wrapping existed, once, and what it encrypted still reads', async () => {
    const before = handle.personalData.encrypt('alice@example.com');
    const master = handle.personalData.master;
    const [row] = await storedKeys();
    const clear = {
      cipher: unwrapKey(master, row?.cipher_key as string, 'key'),
      index: unwrapKey(master, row?.index_key as string, 'key'),
    };
    // The key as an earlier version stored it.
    await sql`update sso_personal_key set cipher_key = ${clear.cipher}, index_key = ${clear.index}`.execute(handle.db);

    const upgraded = new PersonalDataKeys(master);
    await loadPersonalKeys(handle.db, upgraded);
    expect(upgraded.decrypt(before)).toBe('alice@example.com');
    const [wrapped] = await storedKeys();
    expect(wrapped?.cipher_key).toMatch(/^sm4kw:/);
    expect(`${wrapped?.cipher_key} ${wrapped?.index_key}`).not.toContain(clear.cipher);

    // Loading again leaves the wrapping as it is.
    await loadPersonalKeys(handle.db, new PersonalDataKeys(master));
    expect(await storedKeys()).toEqual([wrapped]);
  });

  it('without a setting is made in the data directory (owner only) at the first start, and the same one read after', async () => {
    const dir = scratch();
    const config = testConfig({ SSO_DATA_DIR: dir, SSO_MASTER_KEY: undefined });
    const first = resolveMasterKey(config);
    const path = join(dir, MASTER_KEY_FILE_NAME);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.hex);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(resolveMasterKey(config).hex).toBe(first.hex);
  });

  it('malformed, in the setting or the file, stops the start with a line that names the setting and not the value', () => {
    const bad = 'not-a-key-but-a-secret';
    const fromSetting = (() => {
      try {
        resolveMasterKey(testConfig({ SSO_MASTER_KEY: bad }));
      } catch (error) {
        return error as Error;
      }
    })();
    expect(fromSetting).toBeInstanceOf(MasterKeyError);
    expect(fromSetting?.message).toBe('SSO_MASTER_KEY: the master key must be 32 hex digits (128 bits for SM4), got 22 characters');
    expect(fromSetting?.message).not.toContain(bad);

    const file = join(scratch(), 'master.hex');
    writeFileSync(file, 'abc\n');
    expect(() => resolveMasterKey(testConfig({ SSO_MASTER_KEY: undefined, SSO_MASTER_KEY_FILE: file }))).toThrow(
      `SSO_MASTER_KEY_FILE=${file}: the master key must be 32 hex digits (128 bits for SM4), got 3 characters`,
    );
    expect(() => resolveMasterKey(testConfig({ SSO_MASTER_KEY: undefined, SSO_MASTER_KEY_FILE: join(file, 'none') }))).toThrow(
      `SSO_MASTER_KEY_FILE=${join(file, 'none')}: the master key file cannot be read (ENOTDIR)`,
    );
  });

  it('wraps with a fresh IV each time and refuses a wrapping whose bytes were changed', () => {
    const master = { hex: MASTER, source: 'test' };
    const key = '00112233445566778899aabbccddeeff';
    const once = wrapKey(master, key);
    expect(wrapKey(master, key)).not.toBe(once);
    expect(unwrapKey(master, once, 'key')).toBe(key);
    const flipped = once.replace(/^(sm4kw:.{40})(.)/, (_, head: string, c: string) => head + (c === '0' ? '1' : '0'));
    expect(() => unwrapKey(master, flipped, 'key 1')).toThrow('does not open key 1');
  });
});
