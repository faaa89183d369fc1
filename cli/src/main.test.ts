import { describe, expect, it } from 'vitest';
import { buildProgram } from './main.js';

function capture() {
  const chunks: string[] = [];
  const output = { out: (text: string) => void chunks.push(text), err: (text: string) => void chunks.push(text), isTTY: true };
  return { output, text: () => chunks.join('') };
}

describe('sso resources', () => {
  it('lists registry resources as JSON', async () => {
    const { output, text } = capture();
    await buildProgram(output).parseAsync(['--json', 'resources'], { from: 'user' });
    const rows = JSON.parse(text()) as { service: string; name: string; basePath: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ name: 'param', basePath: '/api/blade-system/param' }));
    expect(rows).toContainEqual(expect.objectContaining({ service: 'blade-system', name: 'dict' }));
  });

  it('prints a table on a terminal', async () => {
    const { output, text } = capture();
    await buildProgram(output).parseAsync(['resources'], { from: 'user' });
    expect(text()).toMatch(/^SERVICE\s+NAME\s+TITLE\s+BASEPATH\n/);
    expect(text()).toMatch(/blade-system\s+param\s+参数管理\s+\/api\/blade-system\/param/);
  });

  it('takes the server from --server', async () => {
    const program = buildProgram(capture().output);
    await program.parseAsync(['--server', 'http://sso.example:9000', 'resources'], { from: 'user' });
    expect(program.opts().server).toBe('http://sso.example:9000');
  });
});
