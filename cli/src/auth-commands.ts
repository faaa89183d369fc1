import type { Command } from 'commander';
import { CliError, EXIT, usageError } from './errors.js';
import { type Output, renderRows } from './output.js';
import { type Env, loadProfiles, saveProfiles } from './profiles.js';
import { sealPassword } from './seal-password.js';
import { clientFor, type GlobalOptions, makeClient, resolveProfile, signedInClient } from './session.js';
import { tokenStore } from './token-store.js';

async function readPassword(output: Output, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    if (!output.readStdin) throw usageError('--password-stdin: no standard input');
    return (await output.readStdin()).toString('utf8').replace(/\r?\n$/, '');
  }
  if (!output.prompt) throw usageError('密码 (password): use --password-stdin when not on a terminal');
  return output.prompt('Password: ', true);
}

async function readSecondFactor(output: Output): Promise<string> {
  if (!output.prompt) throw usageError('动态验证码 (second factor): pass --code when not on a terminal');
  return output.prompt('Authenticator or recovery code: ', false);
}

/** login, logout, whoami, profile use|list. */
export function addAuthCommands(program: Command, output: Output, env: Env): void {
  const globals = () => program.opts<GlobalOptions>();

  program
    .command('login')
    .description('sign in and keep the refresh token (OS keychain, else a 0600 file)')
    .option('--url <url>', 'server base URL')
    .option('--tenant <id>', 'tenant id', '000000')
    .requiredOption('--account <name>', 'account')
    .option('--password-stdin', 'read the password from standard input')
    .option('--code <code>', 'authenticator (TOTP) or recovery code, when the account has a second factor (asked for otherwise)')
    .addHelpText(
      'after',
      '\nExamples:\n  sso login --url https://sso.example.com --tenant 000000 --account admin\n  echo "$PASS" | sso login --account ops --password-stdin --profile prod\n  echo "$PASS" | sso login --account ops --password-stdin --code 123456\n',
    )
    .action(async (options: { url?: string; tenant: string; account: string; passwordStdin?: boolean; code?: string }) => {
      const g = globals();
      const { name, url } = resolveProfile(env, { ...g, server: options.url ?? g.server });
      const password = await readPassword(output, Boolean(options.passwordStdin));
      const store = tokenStore(env, name);
      // Bound to this profile's store, whatever SSO_TOKEN says.
      const signer = makeClient(url, options.tenant, store, g.lang);
      const token = await signer
        .loginSealed({ username: options.account, password, tenantId: options.tenant }, sealPassword)
        .catch(async (error: unknown) => {
          // The account has a second factor: the first step answered a ticket for the code.
          const ticket = (error as { data?: { mfaTicket?: unknown } }).data?.mfaTicket;
          if (typeof ticket !== 'string') throw error;
          const code = options.code ?? (await readSecondFactor(output));
          return signer.completeSecondFactor(ticket, code.trim(), options.tenant);
        });
      const file = loadProfiles(env);
      file.profiles[name] = { url, tenantId: options.tenant, account: options.account };
      file.current = name;
      saveProfiles(env, file);
      output.err(`已登录 ${token.account}@${token.tenant_id} (${url}, profile ${name}, token in ${store.backend()})\n`);
      // The tenant or a role requires a second factor the account has not set up: until it is,
      // the server answers 403 to everything but setting it up and signing out.
      if (token.second_factor === 'enrol')
        output.err(
          '须先开启双因素认证：请在网页的个人信息页（/info/index）绑定身份验证器，然后重新执行 sso login。\n' +
            'A second factor is required: set up an authenticator on the personal info page of the web app (/info/index), then run sso login again; until then every other command is refused.\n',
        );
    });

  program
    .command('logout')
    .description('sign out and forget the stored token')
    .action(async () => {
      const { name } = resolveProfile(env, globals());
      const client = clientFor(env, globals());
      if (!client.session) return output.err(`profile ${name}: not signed in\n`);
      try {
        await client.logout();
      } finally {
        tokenStore(env, name).save(undefined);
      }
      output.err(`已退出 (signed out of ${name})\n`);
    });

  program
    .command('whoami')
    .description('who the stored token belongs to')
    .action(async () => {
      const info = await signedInClient(env, globals()).userInfo();
      if (globals().json) return output.out(`${JSON.stringify(info, null, 2)}\n`);
      const fields = ['account', 'tenantId', 'userId', 'realName', 'roleName', 'deptId'];
      output.out(renderRows(output.isTTY ? 'table' : 'tsv', fields, [info as unknown as Record<string, unknown>]));
    });

  const profile = program.command('profile').description('several servers: list the profiles or pick one');
  profile
    .command('list')
    .description('the profiles and which one is current')
    .action(() => {
      const file = loadProfiles(env);
      const rows = Object.entries(file.profiles).map(([name, p]) => ({ current: name === file.current ? '*' : '', name, ...p }));
      if (globals().json) return output.out(`${JSON.stringify(rows, null, 2)}\n`);
      output.out(renderRows(output.isTTY ? 'table' : 'tsv', ['current', 'name', 'url', 'tenantId', 'account'], rows));
    });
  profile
    .command('use <name>')
    .description('make a profile current')
    .action((name: string) => {
      const file = loadProfiles(env);
      if (!file.profiles[name]) throw new CliError(`no profile "${name}" (sso profile list)`, EXIT.usage);
      file.current = name;
      saveProfiles(env, file);
      output.err(`profile ${name} (${file.profiles[name].url})\n`);
    });
}
