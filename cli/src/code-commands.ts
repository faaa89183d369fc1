import { writeFile } from 'node:fs/promises';
import { code, resourceClient, type SsoClient } from '@sso/shared-api';
import type { Command } from 'commander';
import { usageError } from './errors.js';
import type { Output } from './output.js';

const SYSTEMS = ['sso', 'saber'] as const;

/**
 * `sso code gen <ids…> -o out.zip [--system saber]`: the code generated for code records, as the
 * zip the server builds (this platform's resources by default, or Saber pages).
 */
export function addCodeCommands(command: Command, client: () => SsoClient, output: Output): void {
  command
    .command('gen')
    .description('generate the code of records as a zip (to --output, or standard output when piped)')
    .argument('<ids...>', 'ids of code records')
    .option('-o, --output <path>', 'file to write')
    .option('--system <sso|saber>', "sso: this platform's resources; saber: Saber pages", 'sso')
    .addHelpText('after', '\nExample:\n  sso code gen 1790000000000000001 -o steel.zip\n')
    .action(async (ids: string[], options: { output?: string; system: string }) => {
      const system = SYSTEMS.find((known) => known === options.system);
      if (!system) throw usageError('--system: sso or saber');
      if (!ids.every((id) => /^[1-9]\d{0,18}$/.test(id))) throw usageError('ids: numbers, as `sso code list` shows them');
      const bytes = await resourceClient(client(), code).genCode({ ids: ids.join(','), system });
      if (options.output) {
        await writeFile(options.output, bytes);
        return output.err(`code gen: ${options.output} (${bytes.length} bytes)\n`);
      }
      if (output.isTTY || !output.outBytes) throw usageError('zip 不能输出到终端 (binary): use -o FILE or a pipe');
      output.outBytes(bytes);
    });
}
