import { basename } from 'node:path';
import type { SsoClient, SyncRunAnswer } from '@sso/shared-api';
import type { Command } from 'commander';
import { CliError } from './errors.js';
import { readSource } from './input-files.js';
import { modeOf, type Output, renderRows } from './output.js';

type Row = Record<string, unknown>;

/** The source named on the command line: its row id, or its name exactly. */
async function sourceOf(sdk: SsoClient, source: string): Promise<Row> {
  if (/^[1-9]\d{0,18}$/.test(source)) {
    const row = (await sdk.system.syncSource.detail(source)) as Row | null;
    if (row) return row;
  }
  const page = await sdk.system.syncSource.page({ name: source, size: 100 });
  const matches = (page.records as Row[]).filter((r) => r.name === source);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw new CliError(`${source}: 有多个同名同步源，请用编号 (several sources have this name: give its id)`);
  throw new CliError(`${source}: 没有该同步源 (no sync source has this id or name)`);
}

const changesText = (changes: Record<string, [string | null, string | null]>) =>
  Object.entries(changes)
    .map(([field, [from, to]]) => (from === null ? `${field}=${to ?? ''}` : `${field}: ${from} → ${to ?? ''}`))
    .join('; ');

function printRun(output: Output, mode: ReturnType<typeof modeOf>, source: Row, answer: SyncRunAnswer, dryRun: boolean) {
  if (mode === 'json') {
    output.out(`${JSON.stringify(answer, null, 2)}\n`);
    return;
  }
  const what = dryRun ? '试运行 (dry run, nothing changed)' : '已同步 (applied)';
  output.err(
    `${source.name}: ${what}; creates ${answer.creates}, updates ${answer.updates}, moves ${answer.moves}, disables ${answer.disables}, errors ${answer.errors} (run ${answer.runId}, ${answer.durationMs} ms)\n`,
  );
  const rows = answer.rows.map((r) => ({ ...r, changes: changesText(r.changes), message: r.message ?? '' }));
  if (rows.length) output.out(renderRows(mode, ['kind', 'action', 'label', 'changes', 'message'], rows));
}

const EXAMPLES = `
Examples:
  sso sync dry-run 总部目录                 what a sync would change, changing nothing
  sso sync apply 总部目录                   sync now
  sso sync apply 总部目录 --run 1790000000000000001   apply exactly that dry run
  sso sync run 1790000000000000002 --dry-run --json
  sso sync runs 总部目录                    the history of the source
  sso sync upload 人事系统 staff.csv        give an HR file source its CSV or xlsx
  sso sync test 总部目录                    reach the source with its credentials (exit 1 with the reason if not)

The counts go to standard error, the rows (kind, action, label, changes, message) to standard
output as a table, TSV, CSV (--csv) or JSON (--json). A source is named by its id or its name.
`;

/** `sso sync`: dry runs, applies and the history of the directory sync sources (同步源). */
export function addSyncCommands(program: Command, client: () => SsoClient, output: Output, json: () => boolean): void {
  const sync = program
    .command('sync')
    .description('同步源 (directory sync): dry-run, apply and the history of a source')
    .addHelpText('after', EXAMPLES);
  const run = async (source: string, options: { dryRun?: boolean; run?: string; json?: boolean; csv?: boolean }) => {
    if (options.run && options.dryRun) throw new CliError('--run applies a dry run: it cannot go with --dry-run');
    const sdk = client();
    const row = await sourceOf(sdk, source);
    const id = String(row.id);
    const answer = options.dryRun
      ? await sdk.system.syncSource.dryRun(undefined, { id })
      : await sdk.system.syncSource.apply(undefined, { id, ...(options.run ? { runId: options.run } : {}) });
    printRun(output, modeOf(output, { json: options.json || json(), csv: options.csv }), row, answer, Boolean(options.dryRun));
  };
  const withOutput = (command: Command) => command.option('--json', 'print JSON').option('--csv', 'print CSV');
  withOutput(
    sync
      .command('run <source>')
      .description('sync a source now, or with --dry-run answer what it would change')
      .option('--dry-run', 'compute the difference, change nothing')
      .option('--run <runId>', 'apply exactly this dry run'),
  ).action(run);
  withOutput(
    sync.command('dry-run <source>').description('what a sync would change (creates, updates, moves, disables), changing nothing'),
  ).action((source: string, options: { json?: boolean; csv?: boolean }) => run(source, { ...options, dryRun: true }));
  withOutput(
    sync
      .command('apply <source>')
      .description('sync a source now, in batches; leavers are disabled and signed out')
      .option('--run <runId>', 'apply exactly this dry run'),
  ).action((source: string, options: { run?: string; json?: boolean; csv?: boolean }) => run(source, options));
  sync
    .command('test <source>')
    .description('reach the saved source with its credentials (LDAP bind and base DN, the vendor token, the HR file), reading nothing else')
    .action(async (source: string) => {
      const sdk = client();
      const row = await sourceOf(sdk, source);
      const answer = await sdk.system.syncSource.testConnection(undefined, { id: String(row.id) });
      if (!answer.ok) throw new CliError(`${row.name}: ${answer.message}`);
      output.err(`${row.name}: ${answer.message}\n`);
    });
  sync
    .command('upload <source> <file>')
    .description('give an HR file source its file (CSV or xlsx); every broken row is listed, and a sync applies none of a broken file')
    .action(async (source: string, file: string) => {
      const sdk = client();
      const row = await sourceOf(sdk, source);
      const data = new Uint8Array(await readSource(file, output));
      const filename = file === '-' ? 'hr.csv' : basename(file);
      const answer = await sdk.system.syncSource.upload({ file: { filename, data } }, { id: String(row.id) });
      output.err(`${row.name}: ${answer.rows} rows uploaded, ${answer.failures.length} broken\n`);
      for (const failure of answer.failures) output.out(`${failure.message}\n`);
      if (answer.failures.length)
        throw new CliError(`${file}: 文件有错误行，同步不会执行 (broken rows: a sync applies nothing until they are fixed)`);
    });
  withOutput(
    sync
      .command('runs <source>')
      .description('the runs of a source, newest first')
      .option('--size <n>', 'how many: 10, 30, 50, 100 or 200', '30'),
  ).action(async (source: string, options: { size: string; json?: boolean; csv?: boolean }) => {
    const sdk = client();
    const row = await sourceOf(sdk, source);
    const page = await sdk.system.syncRun.page({ sourceId: String(row.id), size: Number(options.size) || 30 });
    const fields = ['id', 'dryRun', 'outcome', 'creates', 'updates', 'moves', 'disables', 'errors', 'durationMs', 'message', 'createTime'];
    output.out(renderRows(modeOf(output, { json: options.json || json(), csv: options.csv }), fields, page.records as Row[]));
  });
}
