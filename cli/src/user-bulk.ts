import { writeFile } from 'node:fs/promises';
import { resourceClient, type SsoClient, user } from '@sso/shared-api';
import type { Command } from 'commander';
import { type BulkFailure, type BulkItem, finish, runChunks } from './bulk.js';
import { usageError } from './errors.js';
import { decodeUtf8, parseList, readSource } from './input-files.js';
import type { Output } from './output.js';
import type { RunJournal } from './run-journal.js';
import { addUserImportCommand } from './user-import.js';

interface TargetOptions {
  file?: string;
  ids?: boolean;
  dryRun?: boolean;
}

/** Accounts (or ids with --ids) from the arguments and --file, each with its line. */
export async function readTargets(args: string[], options: TargetOptions, output: Output): Promise<BulkItem<string>[]> {
  const items: BulkItem<string>[] = args.map((value) => ({ label: value, value }));
  if (options.file)
    items.push(
      ...parseList(decodeUtf8(await readSource(options.file, output), options.file)).map((i) => ({
        label: i.value,
        line: i.line,
        value: i.value,
      })),
    );
  if (!items.length) throw usageError('没有账号 (no accounts): give them as arguments or with --file');
  return items;
}

/** Account → id for the caller's tenant: a few lookups, or every page when there are many. */
async function userIds(client: SsoClient, accounts: string[]): Promise<Map<string, string>> {
  const api = resourceClient(client, user);
  const ids = new Map<string, string>();
  const wanted = new Set(accounts);
  if (wanted.size <= 20) {
    await Promise.all(
      [...wanted].map(async (account) => {
        const page = await api.list({ account, size: 200 });
        const row = page.records.find((r) => r.account === account);
        if (row) ids.set(account, row.id);
      }),
    );
    return ids;
  }
  for (let current = 1; ; current++) {
    const page = await api.list({ current, size: 200 });
    for (const row of page.records) if (wanted.has(row.account)) ids.set(row.account, row.id);
    if (current >= page.pages || !page.records.length) return ids;
  }
}

/** Items whose value is a user id: accounts resolved unless --ids; unknown accounts are failures. */
async function resolveUsers(client: SsoClient, items: BulkItem<string>[], byId: boolean) {
  if (byId) return { items, failures: [] as BulkFailure[] };
  const ids = await userIds(
    client,
    items.map((i) => i.value),
  );
  const failures = items
    .filter((i) => !ids.has(i.value))
    .map((i) => ({ label: i.label, line: i.line, message: '账号不存在 (no such account)' }));
  return { items: items.filter((i) => ids.has(i.value)).map((i) => ({ ...i, value: ids.get(i.value) as string })), failures };
}

/** unlock / reset-password / grant: one user extra called with userIds in chunks. */
export async function bulkUserAction(
  client: SsoClient,
  output: Output,
  title: string,
  targets: BulkItem<string>[],
  options: TargetOptions,
  send: (userIds: string) => Promise<unknown>,
  journal?: RunJournal,
): Promise<void> {
  const resolved = await resolveUsers(client, targets, Boolean(options.ids));
  if (options.dryRun)
    return finish(output, `${title} (dry run)`, targets.length, resolved.failures, `; would send ${resolved.items.length}`);
  const failures = await runChunks(output, title, resolved.items, (ids) => send(ids.join(',')), journal && { client, journal });
  finish(output, title, targets.length, [...resolved.failures, ...failures]);
}

export function addUserFileCommands(command: Command, client: () => SsoClient, output: Output): void {
  addUserImportCommand(command, client, output);
  command
    .command('export')
    .description('export users as xlsx (to --output, or standard output when piped)')
    .option('-o, --output <path>', 'file to write')
    .option('--account <value>', 'filter by account')
    .option('--real-name <value>', 'filter by real name')
    .addHelpText('after', '\nExample:\n  sso user export -o users.xlsx\n')
    .action(async (options: { output?: string; account?: string; realName?: string }) => {
      const bytes = await resourceClient(client(), user).exportUser({ account: options.account, realName: options.realName });
      if (options.output) {
        await writeFile(options.output, bytes);
        return output.err(`user export: ${options.output} (${bytes.length} bytes)\n`);
      }
      if (output.isTTY || !output.outBytes) throw usageError('xlsx 不能输出到终端 (binary): use -o FILE or a pipe');
      output.outBytes(bytes);
    });
}
