import type { BulkItem } from './bulk.js';
import { usageError } from './errors.js';
import { decodeUtf8, parseList, readSource } from './input-files.js';
import type { Output } from './output.js';

/** The server's rule (sms-service): 11 to 15 digits after an optional +. */
const PHONE = /^\+?\d{11,15}$/;
/** The server's limits on the send-message query. */
const MAX_CODE = 32;
const MAX_PARAMS = 2000;

export interface PhoneOptions {
  phones?: string;
  file?: string;
}

/** The template code, trimmed; an empty or over-long one is a usage error. */
export function checkTemplate(template: string | undefined): string {
  const code = (template ?? '').trim();
  if (!code) throw usageError('--template: 请输入短信模板编号 (the SMS template code is required)');
  if (code.length > MAX_CODE) throw usageError(`--template: 最长 ${MAX_CODE} 个字符 (at most ${MAX_CODE} characters)`);
  return code;
}

/** --params as compact JSON: an object of text, numbers or booleans (the template's variables). */
export function checkParams(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw usageError(`--params: JSON 格式错误 (not valid JSON: ${(error as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw usageError('--params: 短信参数必须是JSON对象 (must be a JSON object, e.g. {"code":"1234"})');
  const nested = Object.entries(parsed).find(([, v]) => !['string', 'number', 'boolean'].includes(typeof v));
  if (nested) throw usageError(`--params: "${nested[0]}" 必须是文本或数字 (must be text or a number)`);
  const compact = JSON.stringify(parsed);
  if (compact.length > MAX_PARAMS) throw usageError(`--params: 最长 ${MAX_PARAMS} 个字符 (at most ${MAX_PARAMS} characters)`);
  return compact;
}

/**
 * Phones from the arguments, --phones and --file, each with its line. Every phone is checked
 * first: one bad line and nothing is sent (a message cannot be taken back, so a corrected
 * re-run must not reach anyone twice). A repeated phone is sent once.
 */
export async function readPhones(args: string[], options: PhoneOptions, output: Output): Promise<BulkItem<string>[]> {
  const given = [...args, ...(options.phones ?? '').split(',')].map((p) => p.trim()).filter(Boolean);
  const items: BulkItem<string>[] = given.map((value) => ({ label: value, value }));
  if (options.file) {
    const lines = parseList(decodeUtf8(await readSource(options.file, output), options.file));
    items.push(...lines.map((l) => ({ label: l.value, line: l.line, value: l.value })));
  }
  if (!items.length) throw usageError('没有手机号 (no phones): give them with --phones, as arguments or with --file');
  const where = (item: BulkItem<string>) => `${item.line !== undefined ? `line ${item.line}: ` : ''}${item.label}`;
  const bad = items.filter((item) => !PHONE.test(item.value));
  for (const item of bad) output.err(`  ${where(item)}: 手机号格式错误 (not a phone: 11 to 15 digits, an optional +)\n`);
  if (bad.length) throw usageError(`${bad.length} 个手机号有误，未发送 (${bad.length} bad phones, nothing sent)`);
  const first = new Map<string, BulkItem<string>>();
  for (const item of items) {
    const earlier = first.get(item.value);
    if (!earlier) first.set(item.value, item);
    else
      output.err(
        `  ${where(item)}: 重复，只发送一次 (repeats ${earlier.line !== undefined ? `line ${earlier.line}` : 'an argument'}; sent once)\n`,
      );
  }
  return [...first.values()];
}
