import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  type ChainVerdictAnswer,
  EXPORT_DIGEST_HEADER,
  EXPORT_SIGNATURE_HEADER,
  EXPORTED_LOGS,
  registry,
  SM2_PUBLIC_KEY_PATH,
  type SsoClient,
} from '@sso/shared-api';
import type { Command } from 'commander';
import smCrypto, { sm2 } from 'sm-crypto';
import { CliError, EXIT } from './errors.js';
import type { Output } from './output.js';

const EXAMPLES = `
Examples:
  sso audit verify                  the chain of the signed-in tenant's security records
  sso audit verify --tenant 100001  another tenant's (platform administrators)
  sso audit verify --json
  sso audit export --log usual                  the usual log as a signed xlsx; prints its signature
  sso audit export --log login --from 2026-01-01 --to 2026-06-30 --out login-h1.xlsx
  sso audit verify-export usual.xlsx --signature "sm3:3045…"   a signed log export (X-Export-Signature)
  sso audit verify-export usual.xlsx --signature "sm3:3045…" --public-key 04…   offline, with the key

Exit status 0 when the chain is intact (the export's signature holds); 1 naming the first record
altered, missing or slipped in (the export altered or not signed by the platform).
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
  addExportCommand(audit, client, output);
  addVerifyExportCommand(audit, client, output);
}

const EXPORT_PATH = `${registry.log.security.basePath}/${registry.log.security.extras.export.path}`;

/**
 * `sso audit export --log usual`: a log of the signed-in tenant as the platform's signed xlsx,
 * saved to a file; the digest and signature (the answer's headers) are printed, since they are
 * what proves the file later and they are not inside it.
 */
function addExportCommand(audit: Command, client: () => SsoClient, output: Output): void {
  audit
    .command('export')
    .description(`save a log as a signed xlsx (${EXPORTED_LOGS.join(', ')}) and print its digest and SM2 signature`)
    .requiredOption('--log <log>', `the log: ${EXPORTED_LOGS.join(', ')}`)
    .option('--from <yyyy-MM-dd>', 'records from this day on')
    .option('--to <yyyy-MM-dd>', 'records up to and including this day')
    .option('--out <file>', 'where to save it (default: <log>-log-<today>.xlsx)')
    .action(async (options: { log: string; from?: string; to?: string; out?: string }) => {
      const { bytes, headers } = await client().download(EXPORT_PATH, { log: options.log, from: options.from, to: options.to });
      const file = options.out ?? `${options.log}-log-${new Date().toISOString().slice(0, 10)}.xlsx`;
      try {
        writeFileSync(file, bytes);
      } catch {
        throw new CliError(`cannot write ${file}`, EXIT.usage);
      }
      const signature = headers[EXPORT_SIGNATURE_HEADER] ?? '';
      output.out(`saved: ${file} (${bytes.length} bytes)\ndigest: ${headers[EXPORT_DIGEST_HEADER] ?? ''}\nsignature: ${signature}\n`);
      output.out(`verify: sso audit verify-export ${file} --signature "${signature}"\n`);
    });
}

/**
 * A signed log export's check, done here and not by the server: the file's digest (SM3, or
 * SHA-256 when the signature says `sha256:`) as `sm3:<hex>` text, verified against the SM2
 * signature (DER, SM3 with user id 1234567812345678) with the platform's public key.
 */
export function exportSignatureHolds(file: Uint8Array, signature: string, publicKey: string): { digest: string; valid: boolean } {
  const [algorithm, hex] = signature.includes(':') ? signature.split(':', 2) : ['sm3', signature];
  // sm-crypto is CommonJS: sm3 is a property of its default export under Node's ESM loader.
  const digestHex = algorithm === 'sha256' ? createHash('sha256').update(file).digest('hex') : smCrypto.sm3(file);
  const digest = `${algorithm}:${digestHex}`;
  if ((algorithm !== 'sm3' && algorithm !== 'sha256') || !/^[0-9a-f]+$/i.test(hex ?? '')) return { digest, valid: false };
  try {
    return { digest, valid: sm2.doVerifySignature(digest, String(hex).toLowerCase(), publicKey, { hash: true, der: true }) };
  } catch {
    return { digest, valid: false };
  }
}

/** `sso audit verify-export <file> --signature <sig>`: whether a log export is the platform's, unchanged. */
export function addVerifyExportCommand(audit: Command, client: () => SsoClient, output: Output): void {
  audit
    .command('verify-export')
    .description("check a log export against its X-Export-Signature with the platform's SM2 public key")
    .argument('<file>', 'the exported file')
    .requiredOption('--signature <sig>', 'the X-Export-Signature header of the export')
    .option('--public-key <hex>', 'the SM2 public key (04…); default: asked of the server (/api/blade-auth/sm2/public-key)')
    .action(async (file: string, options: { signature: string; publicKey?: string }) => {
      let data: Uint8Array;
      try {
        data = new Uint8Array(readFileSync(file));
      } catch {
        throw new CliError(`cannot read ${file}`, EXIT.usage);
      }
      const publicKey = options.publicKey ?? (await client().call<string>('GET', SM2_PUBLIC_KEY_PATH));
      const { digest, valid } = exportSignatureHolds(data, options.signature.trim(), String(publicKey).trim());
      if (!valid) throw new CliError(`not valid: the file (${digest}) is altered or the signature is not the platform's`, EXIT.error);
      output.out(`valid: ${digest} signed by the platform\n`);
    });
}
