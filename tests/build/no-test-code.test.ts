import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webDir } from '../e2e/browser.testkit.js';

/**
 * What ships holds no test code: test files (`*.test.ts(x)`) and test helpers (`*.testkit.ts(x)`)
 * are only imported by tests, and the bundles start from the programs' entries, so nothing of
 * them (nor vitest or Testing Library) may reach a bundle.
 */
const repo = join(import.meta.dirname, '..', '..');
const testSource = /\.test\.tsx?$|\.testkit\.tsx?$|[\\/]node_modules[\\/](vitest|@vitest|@testing-library|jsdom)[\\/]/;

/** The sources a command-line bundle was made of: its entry's and every chunk's source map. */
function bundledSources(dist: string): string[] {
  return readdirSync(dist)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => (JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] }).sources);
}

describe.each([
  ['sso', join(repo, 'cli', 'dist')],
  ['sso-tui', join(repo, 'tui', 'dist')],
])('the %s bundle', (_name, dist) => {
  it.skipIf(!existsSync(join(dist, 'bin.js.map')) && !process.env.CI)('is made of program sources only', () => {
    const sources = bundledSources(dist);
    expect(sources.some((source) => source.includes('src/bin.ts'))).toBe(true);
    expect(sources.filter((source) => testSource.test(source))).toEqual([]);
  });
});

/**
 * The web build has no source maps: look for text the test helpers and libraries carry that
 * minifying keeps (string literals and property names).
 */
const testMarkers = ['stubGlobal', 'http://test.local', 'tree nodes titled', 'TestingLibraryElementError'];
const assets = join(webDir, 'assets');

describe.skipIf(!existsSync(assets) && !process.env.CI)('the built web app', () => {
  it('carries nothing of the component tests and their helpers', () => {
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    const found = scripts.flatMap((file) => {
      const text = readFileSync(join(assets, file), 'utf8');
      return testMarkers.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
    });
    expect(found).toEqual([]);
  });
});
