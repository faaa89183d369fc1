import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Supported runtimes: Node 22 LTS runs every suite in CI; Node 20.19+ still starts and signs in
 * (the smoke), because machines still carry it. The declared range and the README say the same.
 */
const repo = join(import.meta.dirname, '..', '..');
const major = Number(process.versions.node.split('.')[0]);

describe('supported Node.js runtimes', () => {
  it.runIf(process.env.CI)('runs the suites on Node 22 LTS or later in CI', () => {
    expect(major).toBeGreaterThanOrEqual(22);
  });

  it('declares the oldest supported Node in package.json and names both in the README', () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    expect(manifest.engines.node).toBe('>=20.19');
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    expect(readme).toMatch(/Node\.js 22 LTS/);
    expect(readme).toMatch(/Node\.js 20\.19/);
  });

  it('starts the built server and signs in with the CLI on the Node running the suites', () => {
    const smoke = spawnSync(process.execPath, [join(repo, 'scripts/smoke.mjs')], { encoding: 'utf8', cwd: repo });
    expect(smoke.stderr).toBe('');
    expect(smoke.stdout).toContain(`Node ${process.versions.node}: the server started, admin signed in`);
    expect(smoke.status).toBe(0);
  });
});
