import { type EffectiveAccess, resourceClient, type SsoClient, userAuthorizedRole } from '@sso/shared-api';
import type { Command } from 'commander';
import { type BulkItem, finish, runChunks } from './bulk.js';
import { usageError } from './errors.js';
import { decodeUtf8, parseList, readSource } from './input-files.js';
import { modeOf, type Output, renderRows } from './output.js';
import type { RunJournal } from './run-journal.js';

interface GrantOptions {
  app: string;
  role: string;
  users?: string;
  usersFile?: string;
  reason?: string;
  expire?: string;
  dryRun?: boolean;
}

/** Accounts from --users (comma-separated) and --users-file (one a line, - for standard input), each once. */
async function readAccounts(options: GrantOptions, output: Output): Promise<BulkItem<string>[]> {
  const items: BulkItem<string>[] = (options.users ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => ({ label: value, value }));
  if (options.usersFile)
    items.push(
      ...parseList(decodeUtf8(await readSource(options.usersFile, output), options.usersFile)).map((item) => ({
        label: item.value,
        line: item.line,
        value: item.value,
      })),
    );
  const seen = new Set<string>();
  const unique = items.filter((item) => !seen.has(item.value) && seen.add(item.value));
  if (!unique.length) throw usageError('没有账号 (no accounts): give them with --users a,b,c or --users-file FILE');
  return unique;
}

const EXAMPLES = (verb: string) =>
  `\nExamples:\n  sso app ${verb} --app finance --role auditor --users zhangsan,lisi\n  sso app ${verb} --app finance --role auditor --users-file staff.txt --dry-run\n`;

/**
 * `sso app grant|revoke`: one application role for many accounts, in chunks with progress and a
 * summary. Each account goes through the server's checked grant path (separation-of-duties
 * rules included); a refused account is reported with the reason and the others proceed.
 */
export function addAppGrantCommands(command: Command, client: () => SsoClient, output: Output, journal: RunJournal): void {
  for (const action of ['grant', 'revoke'] as const) {
    command
      .command(action)
      .description(
        `${action === 'grant' ? 'grant' : 'revoke'} an application role for many accounts (chunks of 200, separation of duties checked)`,
      )
      .requiredOption('--app <code>', 'application code')
      .requiredOption('--role <code>', 'application role code (its alias)')
      .option('--users <list>', 'accounts, comma-separated')
      .option('--users-file <path>', 'one account a line; - reads standard input')
      .option('--reason <text>', 'why (kept in the grant log)')
      .option('--expire <time>', 'grant only: ends by itself at YYYY-MM-DD[ HH:mm:ss]')
      .option('--dry-run', 'check every account on the server, change nothing')
      .addHelpText('after', EXAMPLES(action))
      .action(async (options: GrantOptions) => {
        const items = await readAccounts(options, output);
        const sdk = client();
        const api = resourceClient(sdk, userAuthorizedRole);
        const totals = { granted: 0, revoked: 0, unchanged: 0 };
        const title = `app ${action}${options.dryRun ? ' (dry run)' : ''}`;
        const failures = await runChunks(
          output,
          title,
          items,
          async (accounts) => {
            const answer = await api.bulk({
              action,
              appCode: options.app,
              roleCode: options.role,
              accounts,
              reason: options.reason,
              expireTime: options.expire,
              dryRun: options.dryRun === true,
              source: 'cli',
            });
            totals.granted += answer.granted;
            totals.revoked += answer.revoked;
            totals.unchanged += answer.unchanged;
            return answer.results.flatMap((row, index) => (row.outcome === 'refused' ? [{ index, message: row.message }] : []));
          },
          { client: sdk, journal },
        );
        const done = action === 'grant' ? `${totals.granted} granted` : `${totals.revoked} revoked`;
        finish(output, title, items.length, failures, ` — ${done}, ${totals.unchanged} unchanged`);
      });
  }
}

type AccessRow = { app: string; kind: string; item: string; from: string; expires: string };

/** Every held item as one row: the application, what it is, where it comes from and until when. */
function accessRows(access: EffectiveAccess): AccessRow[] {
  const rows: AccessRow[] = [];
  const origin = (from: { kind: string; roleName: string; source: string }[]) =>
    from.map((f) => (f.kind === 'approle' ? `role ${f.roleName}` : `direct (${f.source})`)).join(', ');
  const until = (from: { expireTime: string }[]) =>
    from
      .map((f) => f.expireTime)
      .filter(Boolean)
      .join(', ');
  for (const app of access.apps) {
    const name = `${app.appName} (${app.appCode})`;
    for (const through of app.openedThrough)
      rows.push({
        app: name,
        kind: 'open',
        item: through.kind === 'everyone' ? 'everyone' : `${through.kind} ${through.name}`,
        from: 'appuser',
        expires: '',
      });
    for (const role of app.roles)
      rows.push({
        app: name,
        kind: 'role',
        item: `${role.roleName} (${role.roleAlias})`,
        from: role.requestId ? `request ${role.requestId}` : role.source,
        expires: role.expireTime,
      });
    for (const menu of app.menus)
      rows.push({
        app: name,
        kind: menu.category === 2 ? 'button' : 'menu',
        item: `${menu.name} (${menu.code})`,
        from: origin(menu.from),
        expires: until(menu.from),
      });
    for (const fn of app.functions)
      rows.push({
        app: name,
        kind: 'function',
        item: `${fn.functionName} (${fn.functionCode})`,
        from: origin(fn.from),
        expires: until(fn.from),
      });
  }
  return rows;
}

/** `sso user access <account>`: every application, role, menu and function the user holds, and where each comes from. */
export function addUserAccessCommand(command: Command, client: () => SsoClient, output: Output, json: () => boolean): void {
  command
    .command('access <account>')
    .description('every application, role, menu and function an account holds, and where each comes from')
    .addHelpText('after', '\nExamples:\n  sso user access zhangsan\n  sso user access zhangsan --json | jq .apps\n')
    .action(async (account: string) => {
      const access = await resourceClient(client(), userAuthorizedRole).effectiveAccess({ account });
      if (json()) return output.out(`${JSON.stringify(access, null, 2)}\n`);
      output.err(`${access.user.realName} (${access.user.account}), tenant ${access.user.tenantId}\n`);
      output.out(renderRows(modeOf(output, {}), ['app', 'kind', 'item', 'from', 'expires'], accessRows(access)));
    });
}
