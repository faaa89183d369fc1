import type { ChainVerdictAnswer, SsoClient } from '@sso/shared-api';
import type { Command } from 'commander';
import { CliError, EXIT } from './errors.js';
import type { Output } from './output.js';

const EXAMPLES = `
Examples:
  sso audit verify                  the chain of the signed-in tenant's security records
  sso audit verify --tenant 100001  another tenant's (platform administrators)
  sso audit verify --json

Exit status 0 when the chain is intact; 1 naming the first record altered, missing or slipped in.
`;

/** `sso audit verify`: the tamper-evident chain of a tenant's security records (security events, sign-in attempts). */
export function addAuditCommands(program: Command, client: () => SsoClient, output: Output, json: () => boolean): void {
  const audit = program
    .command('audit')
    .description('安全审计 (security audit): verify the chain of security records')
    .addHelpText('after', EXAMPLES);
  audit
    .command('verify')
    .description('check that no security record was altered, removed or slipped in')
    .option('--tenant <id>', 'the tenant to verify (default: the signed-in one)')
    .option('--json', 'the answer as JSON')
    .action(async (options: { tenant?: string; json?: boolean }) => {
      const verdict = (await client().log.security.verify(options.tenant ? { tenantId: options.tenant } : {})) as ChainVerdictAnswer;
      if (options.json || json()) output.out(`${JSON.stringify(verdict, null, 2)}\n`);
      const broken = verdict.firstBroken;
      if (!broken) {
        if (!(options.json || json())) output.out(`intact: ${verdict.checked} records checked\n`);
        return;
      }
      const at = broken.seq === null ? 'outside the chain' : `link ${broken.seq}`;
      throw new CliError(
        `broken: ${broken.problem} record ${broken.logTable} ${broken.logId} (${at}; ${verdict.checked} checked before it)`,
        EXIT.error,
      );
    });
}
