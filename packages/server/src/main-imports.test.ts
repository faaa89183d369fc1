import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server bundle starts from main.ts and holds what it imports: test files (`*.test.ts`) and
 * test helpers and fake servers (`*.testkit.ts`) must never be among them, so none ships.
 */
const srcDir = dirname(fileURLToPath(import.meta.url));
const TEST_CODE = /\.test\.ts$|\.testkit\.ts$/;

/** Every source file main.ts reaches through relative imports, static or dynamic. */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), (spec as string).replace(/\.js$/, '.ts'));
      if (existsSync(target)) pending.push(target);
    }
  }
  return seen;
}

describe('the server bundle', () => {
  const reached = [...reachedFrom(resolve(srcDir, 'main.ts'))];

  it('reaches the app and its resources', () => {
    expect(reached).toContain(resolve(srcDir, 'app.ts'));
    expect(reached).toContain(resolve(srcDir, 'resources/user/index.ts'));
  });

  it('holds no test file and no test helper', () => {
    expect(reached.filter((file) => TEST_CODE.test(file))).toEqual([]);
  });
});
