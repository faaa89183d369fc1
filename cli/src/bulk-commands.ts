import { writeFile } from 'node:fs/promises';
import { allResources, app, code, type DictImportRow, resourceClient, role, type SsoClient, sms, user } from '@sso/shared-api';
import type { Command } from 'commander';
import { addAppGrantCommands, addUserAccessCommand } from './app-grant-commands.js';
import { type BulkItem, finish, runChunks } from './bulk.js';
import { addCodeCommands } from './code-commands.js';
import { confirmDestructive } from './confirm.js';
import { checkDictTable, exportDict, renderDict } from './dict-io.js';
import { CliError, usageError } from './errors.js';
import { readTable } from './input-files.js';
import type { Output } from './output.js';
import type { Env } from './profiles.js';
import { type RunJournal, runJournal } from './run-journal.js';
import { type GlobalOptions, signedInClient } from './session.js';
import { addSmsCommands } from './sms-commands.js';
import { addUserFileCommands, bulkUserAction, readTargets } from './user-bulk.js';

interface TargetOptions {
  file?: string;
  ids?: boolean;
  dryRun?: boolean;
  roles?: string;
  yes?: boolean;
}

/** Actions a person must confirm as they confirm `delete`: the question, for this many accounts. */
const CONFIRMED: Partial<Record<string, (count: number) => string>> = {
  'reset-password': (count) => `重置 ${count} 个账号的密码 (reset the password of ${count} accounts)?`,
};

const targetHelp = (verb: string) =>
  `\nExamples:\n  sso user ${verb} zhangsan lisi\n  sso user ${verb} --file accounts.txt --dry-run\n  cut -f1 locked.tsv | sso user ${verb} --file -\n`;

function userActions(command: Command, client: () => SsoClient, output: Output, journal: RunJournal): void {
  const users = () => resourceClient(client(), user);
  const action = (name: string, description: string, send: (ids: string, options: TargetOptions) => Promise<unknown>) => {
    const sub = command
      .command(`${name} [accounts...]`)
      .description(`${description} (accounts, or ids with --ids; chunks of 200)`)
      .option('-f, --file <path>', 'one account a line; - reads standard input')
      .option('--ids', 'the values are user ids, not accounts')
      .option('--dry-run', 'resolve and report, change nothing')
      .addHelpText('after', targetHelp(name));
    if (name === 'grant') sub.requiredOption('--roles <list>', 'role ids or aliases, comma-separated');
    const question = CONFIRMED[name];
    if (question) sub.option('-y, --yes', 'do not ask (required when not on a terminal)');
    sub.action(async (accounts: string[], options: TargetOptions) => {
      const targets = await readTargets(accounts, options, output);
      // A dry run changes nothing, so there is nothing to confirm.
      if (question && !options.dryRun) await confirmDestructive(output, options.yes, question(targets.length));
      await bulkUserAction(client(), output, `user ${name}`, targets, options, (ids) => send(ids, options), journal);
    });
  };
  action('unlock', 'clear the sign-in lockout', (userIds) => users().unlock(undefined, { userIds }));
  action('reset-password', 'reset to the initial password', (userIds) => users().resetPassword(undefined, { userIds }));
  let roleIds: Promise<string> | undefined;
  action('grant', 'set the roles of users', async (userIds, o) => {
    roleIds ??= resolveRoles(client(), o.roles as string);
    return users().grant(undefined, { userIds, roleIds: await roleIds });
  });
}

/** Role ids from ids or aliases (`--roles admin,ops`); an unknown alias is a usage error. */
async function resolveRoles(client: SsoClient, roles: string): Promise<string> {
  const wanted = roles
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (wanted.every((r) => /^\d+$/.test(r))) return wanted.join(',');
  type Node = { id: string; roleAlias: string; children?: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const all = flat((await resourceClient(client, role).list({})) as Node[]);
  return wanted
    .map((r) => {
      if (/^\d+$/.test(r)) return r;
      const found = all.find((n) => n.roleAlias === r);
      if (!found) throw usageError(`--roles: 没有角色别名 (no role alias) "${r}"`);
      return found.id;
    })
    .join(',');
}

function dictActions(command: Command, name: string, client: () => SsoClient, output: Output, journal: RunJournal): void {
  const def = allResources.find((r) => r.name === name);
  if (!def) return;
  command
    .command('import <file>')
    .description(
      'upsert entries from csv, xlsx or json (code,dictKey,dictValue[,dictValueEn,sort,isSealed,remark,parentKey,codeName]); - reads stdin',
    )
    .option('--dry-run', 'check every row, send nothing')
    .addHelpText('after', `\nExamples:\n  sso ${name} import dicts.csv --dry-run\n  sso ${name} export | sso ${name} import -\n`)
    .action(async (file: string, options: { dryRun?: boolean }) => {
      const { rows, problems } = checkDictTable(await readTable(file, output));
      if (problems.length) {
        for (const p of problems) output.err(`  line ${p.line}: ${p.message}\n`);
        throw new CliError(`${problems.length} 行有误，未导入 (${problems.length} bad rows, nothing imported)`);
      }
      if (options.dryRun) return output.err(`${name} import (dry run): ${rows.length} rows valid\n`);
      const items: BulkItem<DictImportRow>[] = rows.map((r) => ({ label: `${r.row.code}/${r.row.dictKey}`, line: r.line, value: r.row }));
      const totals = { inserted: 0, updated: 0, unchanged: 0 };
      const sdk = client();
      const api = resourceClient(sdk, def) as unknown as Record<
        string,
        (body: unknown) => Promise<typeof totals & { failures: { index: number; message: string }[] }>
      >;
      const failures = await runChunks(
        output,
        `${name} import`,
        items,
        async (chunk) => {
          const result = await api.bulkUpsert({ rows: chunk });
          totals.inserted += result.inserted;
          totals.updated += result.updated;
          totals.unchanged += result.unchanged;
          return result.failures;
        },
        { client: sdk, journal },
      );
      finish(
        output,
        `${name} import`,
        items.length,
        failures,
        ` — ${totals.inserted} inserted, ${totals.updated} updated, ${totals.unchanged} unchanged`,
      );
    });
  command
    .command('export')
    .description('every entry in the import format (csv, or --format json)')
    .option('-o, --output <path>', 'file to write (default: standard output)')
    .option('--format <csv|json>', 'csv or json', 'csv')
    .action(async (options: { output?: string; format: string }) => {
      if (options.format !== 'csv' && options.format !== 'json') throw usageError('--format: csv or json');
      const text = renderDict(await exportDict(client(), def), options.format);
      if (options.output) await writeFile(options.output, text);
      else output.out(text);
    });
}

/** Bulk commands beside the generic ones: `sso user …`, `sso app grant|revoke`, `sso dict …` / `sso dict-biz …`, `sso sms send` and `sso code gen`. */
export function addBulkCommands(program: Command, commands: Map<string, Command>, output: Output, env: Env): void {
  const client = () => signedInClient(env, program.opts<GlobalOptions>());
  const journal = runJournal(env);
  const userCommand = commands.get(user.basePath);
  if (userCommand) {
    userActions(userCommand, client, output, journal);
    addUserFileCommands(userCommand, client, output);
    addUserAccessCommand(userCommand, client, output, () => program.opts<GlobalOptions>().json === true);
  }
  const appCommand = commands.get(app.basePath);
  if (appCommand) addAppGrantCommands(appCommand, client, output, journal);
  for (const name of ['dict', 'dict-biz']) {
    const def = allResources.find((r) => r.name === name);
    const command = def && commands.get(def.basePath);
    if (command) dictActions(command, name, client, output, journal);
  }
  const smsCommand = commands.get(sms.basePath);
  if (smsCommand) addSmsCommands(smsCommand, client, output, journal);
  const codeCommand = commands.get(code.basePath);
  if (codeCommand) addCodeCommands(codeCommand, client, output);
}
