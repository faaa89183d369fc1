import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../interop/net.testkit.js';

/**
 * `npm start` readies every front end: it builds the server, the web app and both command-line
 * programs, says how to open each, and the commands it names run.
 */
const repo = join(import.meta.dirname, '..', '..');
let start: ChildProcess | undefined;

/** The start script's output until the server says it is ready (or the script ends). */
async function outputUntilReady(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('SSO platform ready')) resolve(output);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('exit', (code) => reject(new Error(`npm start ended (${code}) before the server was ready:\n${output}`)));
  });
}

afterAll(() => {
  start?.kill('SIGTERM');
});

describe('npm start', () => {
  it('builds and names all three front ends, and each named command runs', async () => {
    const port = await freePort();
    start = spawn(process.execPath, [join(repo, 'scripts', 'start.mjs')], {
      cwd: repo,
      env: { ...process.env, PORT: String(port), SSO_DATA_DIR: 'memory://', SSO_ADMIN_PASSWORD: 'Start@2024', LOG_LEVEL: 'info' },
    });
    const output = await outputUntilReady(start);
    expect(output).toContain(`[start] web console: http://127.0.0.1:${port}/login`);
    expect(output).toContain(`[start] command line: npx sso login --url http://127.0.0.1:${port}`);
    expect(output).toContain(`[start] terminal console: npx sso-tui --server http://127.0.0.1:${port}`);
    const web = await fetch(`http://127.0.0.1:${port}/login`);
    expect(web.status).toBe(200);
    for (const program of ['sso', 'sso-tui']) {
      const run = spawnSync(join(repo, 'node_modules', '.bin', program), ['--help'], { cwd: repo, encoding: 'utf8' });
      expect(run.status, `${program} --help: ${run.stderr}`).toBe(0);
    }
  });
});
