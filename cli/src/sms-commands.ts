import { resourceClient, type SsoClient, sms } from '@sso/shared-api';
import type { Command } from 'commander';
import { finish, runChunks } from './bulk.js';
import type { Output } from './output.js';
import type { RunJournal } from './run-journal.js';
import { logMark, smsSender } from './sms-delivery.js';
import { checkParams, checkTemplate, type PhoneOptions, readPhones } from './sms-input.js';

interface SendOptions extends PhoneOptions {
  template?: string;
  params?: string;
  dryRun?: boolean;
}

const EXAMPLES = `
Examples:
  sso sms send --template SMS_NOTICE --phones 13800000001,13800000002 --params '{"name":"张三"}'
  sso sms send --template SMS_NOTICE --file phones.txt --dry-run
  cut -f1 staff.tsv | sso sms send --template SMS_NOTICE --file -

The template is the code (or template id) of the enabled SMS configuration; with none enabled the
log provider records the messages (see them in the console's SMS log). Each phone gets at most one
message a minute and ten an hour: phones over the limit are reported and the others still sent.
`;

/** `sso sms send`: a template message to many phones, in chunks of 200. */
export function addSmsCommands(command: Command, client: () => SsoClient, output: Output, journal: RunJournal): void {
  command
    .command('send [phones...]')
    .description('send a template message to phones (arguments, --phones or --file; chunks of 200)')
    .requiredOption('-t, --template <code>', 'SMS template code of the enabled configuration')
    .option('--phones <list>', 'phones, comma-separated')
    .option('-f, --file <path>', 'one phone a line; - reads standard input')
    .option('--params <json>', 'template variables as a JSON object')
    .option('--dry-run', 'check the phones and variables, send nothing')
    .addHelpText('after', EXAMPLES)
    .action(async (args: string[], options: SendOptions) => {
      const code = checkTemplate(options.template);
      const params = checkParams(options.params);
      const phones = await readPhones(args, options, output);
      if (options.dryRun) return finish(output, 'sms send (dry run)', phones.length, [], `; would send ${phones.length} with ${code}`);
      const sdk = client();
      const api = resourceClient(sdk, sms);
      const failures = await runChunks(output, 'sms send', phones, smsSender(api, { code, params }, await logMark(api)), {
        client: sdk,
        journal,
      });
      finish(output, 'sms send', phones.length, failures);
    });
}
