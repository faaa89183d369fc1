import { allResources } from '@sso/shared-api';
import { Command } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { formatTable, type Output, processOutput } from './output.js';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export interface GlobalOptions {
  server: string;
  json: boolean;
}

/** The `sso` program; `output` is injectable so tests can capture what it prints. */
export function buildProgram(output: Output = processOutput): Command {
  const program = new Command('sso')
    .description('SSO 平台命令行工具 (enterprise SSO platform command line)')
    .version(pkg.version, '-V, --version')
    .option('-s, --server <url>', 'server base URL (env SSO_SERVER)', process.env.SSO_SERVER || DEFAULT_SERVER)
    .option('--json', 'print JSON instead of a table', false)
    .configureOutput({ writeOut: output.out, writeErr: output.err })
    .showHelpAfterError();

  program
    .command('resources')
    .description('list the resources of the registry (service, name, base path)')
    .action(() => {
      const { json } = program.opts<GlobalOptions>();
      const rows = allResources.map((r) => ({ service: r.service, name: r.name, title: r.view.title[0], basePath: r.basePath }));
      if (json) return output.out(`${JSON.stringify(rows, null, 2)}\n`);
      output.out(
        formatTable(
          ['SERVICE', 'NAME', 'TITLE', 'BASE PATH'],
          rows.map((r) => [r.service, r.name, r.title, r.basePath]),
        ),
      );
    });

  return program;
}
