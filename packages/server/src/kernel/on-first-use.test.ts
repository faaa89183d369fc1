import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.js';

/** Libraries an idle server must not hold: only `onFirstUse` or a type-only import may name them. */
const LOADED_ON_FIRST_USE = [
  'exceljs',
  'svg-captcha',
  '@simplewebauthn/server',
  'samlify',
  '@authenio/samlify-xmllint-wasm',
  'node-forge',
  'bpmn-engine',
  'mysql2/promise',
  'ioredis',
  'pinyin-pro',
  'cron-parser',
  'undici',
];

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.testkit\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('libraries loaded on first use', () => {
  it('are never imported as values by the server, so that starting it does not load them', () => {
    const offenders: string[] = [];
    for (const file of serverSources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const [statement, library] of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)) {
        if (LOADED_ON_FIRST_USE.includes(library as string)) offenders.push(`${file.slice(srcDir.length + 1)}: ${statement}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('loads a library once, when first asked for it', () => {
    const forge = onFirstUse<{ pki: unknown }>('node-forge');
    expect(forge()).toBe(forge());
    expect(forge().pki).toBeTruthy();
  });
});
