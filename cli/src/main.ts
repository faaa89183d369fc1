import { allEntries, titleOf } from '@sso/shared-api';
import { Command } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { addAuditCommands } from './audit-commands.js';
import { addAuthCommands } from './auth-commands.js';
import { addBulkCommands } from './bulk-commands.js';
import { addCompletionCommand } from './completion.js';
import { EXIT, exitCodeOf, messageOf } from './errors.js';
import { addFlowCommands, addTaskCommands } from './flow-commands.js';
import { errorPrefix } from './language.js';
import { modeOf, type Output, processOutput, renderRows } from './output.js';
import type { Env } from './profiles.js';
import { addResourceCommands, addResourceExtras } from './resource-commands.js';
import { type GlobalOptions, signedInClient } from './session.js';
import { addSyncCommands } from './sync-commands.js';
import { addWxCommands } from './wx-commands.js';

export { DEFAULT_SERVER, type GlobalOptions } from './session.js';

const EXAMPLES = `
Examples:
  sso login --url http://127.0.0.1:8080 --account admin
  sso whoami
  sso user list --account zhang --size 100
  sso param list --all --csv > params.csv
  sso user unlock --file locked.txt
  sso dict import dicts.csv --dry-run
  sso sms send --template SMS_NOTICE --file phones.txt --params '{"name":"张三"}'
  sso wx menu sync --app wx0123456789abcdef
  sso sync dry-run 总部目录

Environment: SSO_URL (server), SSO_TOKEN (access token for CI), SSO_TENANT, SSO_PROFILE, SSO_CONFIG_DIR.
Exit codes: 0 ok, 1 not found or failed, 2 usage, 4 not signed in or denied.
`;

/** The `sso` program; `output` and `env` are injectable so tests can capture output and isolate config. */
export function buildProgram(output: Output = processOutput, env: Env = process.env): Command {
  const program = new Command('sso')
    .description('SSO 平台命令行工具 (enterprise SSO platform command line)')
    .version(pkg.version, '-V, --version')
    .option('-s, --server <url>', 'server base URL (env SSO_URL; default: the profile URL)')
    .option('-p, --profile <name>', 'profile (env SSO_PROFILE)')
    .option('--lang <zh|en>', 'language of server messages')
    .option('--json', 'print JSON', false)
    .configureOutput({ writeOut: output.out, writeErr: output.err })
    .exitOverride()
    .showHelpAfterError()
    .addHelpText('after', EXAMPLES);

  program
    .command('resources')
    .description('list the resources of the registry (service, name, base path)')
    .action(() => {
      const { json } = program.opts<GlobalOptions>();
      const rows = allEntries.map((r) => ({ service: r.service, name: r.name, title: titleOf(r)[0], basePath: r.basePath }));
      output.out(renderRows(modeOf(output, { json }), ['service', 'name', 'title', 'basePath'], rows));
    });
  addAuthCommands(program, output, env);
  addCompletionCommand(program, output);
  const resources = addResourceCommands(program, output, env);
  addBulkCommands(program, resources, output, env);
  addResourceExtras(program, resources, output, env);
  const client = () => signedInClient(env, program.opts<GlobalOptions>());
  const json = () => program.opts<GlobalOptions>().json === true;
  addTaskCommands(program, client, output, json);
  addFlowCommands(program, client, output, json);
  addWxCommands(program, client, output, json);
  addSyncCommands(program, client, output, json);
  addAuditCommands(program, client, output, json);
  return program;
}

/** Runs the program and answers its exit code; errors are printed, never thrown. */
export async function run(argv: readonly string[], output: Output = processOutput, env: Env = process.env): Promise<number> {
  const program = buildProgram(output, env);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    const code = exitCodeOf(error);
    // Commander already printed its own usage errors and help.
    if (!(error instanceof Error && 'code' in error && String(error.code).startsWith('commander.')))
      output.err(`${errorPrefix(program.opts<GlobalOptions>().lang)} ${messageOf(error)}\n`);
    return code;
  }
}
