import { CliError, EXIT, usageError } from './errors.js';
import type { Output } from './output.js';

/** Destructive actions: --yes, or a "y" at the prompt; without a terminal --yes is required. */
export async function confirmDestructive(output: Output, yes: boolean | undefined, question: string): Promise<void> {
  if (yes) return;
  if (!output.isTTY || !output.prompt) throw usageError('需要确认 (confirmation required): pass --yes when not on a terminal');
  const answer = await output.prompt(`${question} [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('已取消 (cancelled)', EXIT.error);
}
