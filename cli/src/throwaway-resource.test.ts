import { startServerWithTestTool, type TestServer } from '@sso/server/testing';
import { testTool, testToolMessages } from '@sso/shared-api/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';
import { exitCodeOf, messageOf } from './errors.js';
import { errorPrefix } from './language.js';
import { buildProgram, type GlobalOptions } from './main.js';
import type { Output } from './output.js';
import { addResourceCommand } from './resource-commands.js';

/**
 * The CLI's generic commands for a resource known only by its definition (the test-only
 * `testtool`, in no registry): `sso testtool create|list|get` against a server that serves it,
 * the same commands every registry resource gets, with nothing written for it.
 */
let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
let appId: string;
beforeAll(async () => {
  server = await startServerWithTestTool();
  home = await adminHome(server);
  const sdk = await server.admin();
  await sdk.aps.app.submit({ appCode: 'cli-tool-app', appName: '命令行工具应用', protocol: 'link', appUrl: 'https://cli.example.com/' });
  appId = String((await sdk.aps.app.list({ appCode: 'cli-tool-app' })).records[0].id);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

/** Runs `sso` as `run` does, the program holding the commands of the test-only definition too. */
async function sso(argv: string[], io: { tty?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const output: Output = {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    outBytes: () => undefined,
    isTTY: io.tty ?? false,
    readStdin: async () => Buffer.from(''),
  };
  const program = buildProgram(output, home.env);
  addResourceCommand(program, testTool, testTool.name, output, home.env);
  let code = 0;
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    code = exitCodeOf(error);
    if (!(error instanceof Error && 'code' in error && String(error.code).startsWith('commander.')))
      output.err(`${errorPrefix(program.opts<GlobalOptions>().lang)} ${messageOf(error)}\n`);
  }
  return { code, out: out.join(''), err: err.join('') };
}

describe('sso testtool', () => {
  it('creates a row, then lists it with the application name in the table and the key in JSON', async () => {
    const created = await sso(['testtool', 'create', '--set', 'toolName=命令行扳手', '--set', `appId=${appId}`, '--json']);
    expect(created).toMatchObject({ code: 0, err: '' });
    const row = JSON.parse(created.out);
    expect(row).toMatchObject({ toolName: '命令行扳手', appId, appName: '命令行工具应用' });

    const table = await sso(['testtool', 'list', '--tool-name', '命令行'], { tty: true });
    const [header, line, rest] = table.out.split('\n');
    expect(header.split(/\s+/)).toEqual(['ID', 'TOOLNAME', 'APPNAME']);
    expect(line.split(/\s+/)).toEqual([row.id, '命令行扳手', '命令行工具应用']);
    expect(rest).toBe('');
    expect(table.out).not.toContain(appId);

    const json = JSON.parse((await sso(['testtool', 'list', '--app-id', appId, '--json'])).out);
    expect(json).toEqual([expect.objectContaining({ id: row.id, appId, appName: '命令行工具应用' })]);
    expect(JSON.parse((await sso(['testtool', 'get', row.id])).out)).toMatchObject({ toolName: '命令行扳手', appId });
  });

  it("passes the server's refusal of an application that does not exist through, and exits 1", async () => {
    const refused = await sso(['testtool', 'create', '--set', 'toolName=无主工具', '--set', 'appId=987654321987654321']);
    expect(refused).toEqual({ code: 1, out: '', err: `错误: ${testToolMessages.appMissing}\n` });
    const english = await sso(['--lang', 'en', 'testtool', 'create', '--set', 'toolName=Orphan', '--set', 'appId=987654321987654321']);
    expect(english).toEqual({ code: 1, out: '', err: "Error: The tool's application does not exist\n" });
    expect((await sso(['testtool', 'list', '--tool-name', '无主'])).out).toBe('');
  });
});
