import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

/** `sso sync upload`: an HR file source gets its CSV; broken rows are listed and the command fails. */
let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
const dir = mkdtempSync(join(tmpdir(), 'sso-hr-'));
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${['登录账号,用户姓名,用户编号,部门路径', ...lines].join('\n')}\n`);
  return path;
};

beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
  const admin = await server.admin();
  await admin.system.syncSource.submit({ name: '人事系统', kind: 'file' } as never);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

describe('sso sync upload', () => {
  it('uploads a good file, then lists the broken rows of a bad one and fails', async () => {
    const good = await home.sso(['sync', 'upload', '人事系统', file('good.csv', ['amy,艾米,H1,集团/财务部'])]);
    expect(good.code).toBe(0);
    expect(good.err).toContain('1 rows uploaded, 0 broken');
    const dry = await home.sso(['sync', 'dry-run', '人事系统']);
    expect(dry.err).toContain('creates 3');

    const bad = await home.sso(['sync', 'upload', '人事系统', file('bad.csv', ['amy,艾米,H1,集团/财务部', 'bob,鲍勃,,集团'])]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('第3行: 缺少用户编号');
  });
});
