import type { ExtraDef, RegistryEntry } from '@sso/shared-api';
import type { Command } from 'commander';
import { usageError } from './errors.js';
import { modeOf, type Output, renderRows } from './output.js';

type Row = Record<string, unknown>;
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The fields an extra's query or body declares (a zod object's keys), none for other schemas. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A flag's text as the field's value: JSON for objects and lists (`--variables '{"days":3}'`), else the text. */
function flagValue(flag: string, text: string): unknown {
  if (!/^[[{]/.test(text.trim())) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw usageError(`--${flag}: not valid JSON`);
  }
}

const isRowList = (value: unknown): value is Row[] => Array.isArray(value) && value.every((r) => r !== null && typeof r === 'object');

/**
 * Rows when the answer is a list of objects, a page (`records`) or an object holding exactly one
 * list of objects (a report's `controls`); undefined for any other answer.
 */
function rowsOf(answer: unknown): Row[] | undefined {
  if (isRowList(answer)) return answer;
  if (answer === null || typeof answer !== 'object') return undefined;
  const { records } = answer as { records?: unknown };
  if (isRowList(records)) return records;
  const lists = Object.values(answer).filter(isRowList);
  return lists.length === 1 ? lists[0] : undefined;
}

/** Columns of a table of rows: the fields of the first row that hold plain values. */
function columnsOf(rows: readonly Row[]): string[] {
  const [first] = rows;
  return first ? Object.keys(first).filter((key) => first[key] === null || typeof first[key] !== 'object') : [];
}

export type ExtraCall = (extra: ExtraDef, query: Row | undefined, body: Row | undefined) => Promise<unknown>;

/**
 * Each extra of a resource as `sso <resource> <path>` (`sso work todo-list`, `sso work claim-task
 * --task-id 1`): its query and body fields are flags, read from the definition, so a new extra is a
 * command without a line here. Uploads and downloads are left to commands written for them.
 */
export function addExtraCommands(command: Command, def: RegistryEntry, call: ExtraCall, output: Output, json: () => boolean): void {
  const taken = new Set(command.commands.map((c) => c.name()));
  for (const extra of Object.values(def.extras)) {
    const name = extra.path.replace(/\//g, '-');
    if (extra.multipart || extra.download || taken.has(name)) continue;
    taken.add(name);
    const queryFields = fieldsOf(extra.query);
    const bodyFields = fieldsOf(extra.body).filter((field) => !queryFields.includes(field));
    const sub = command.command(name).description(extra.summary);
    for (const field of [...queryFields, ...bodyFields])
      sub.option(`--${kebab(field)} <value>`, queryFields.includes(field) ? 'query' : 'body');
    if (extra.method === 'POST') sub.option('--data <json>', 'the body as JSON (flags are added to it)');
    sub.action(async (options: Record<string, string | undefined>) => {
      const pick = (fields: string[]) =>
        Object.fromEntries(
          fields
            .filter((field) => options[camel(kebab(field))] !== undefined)
            .map((field) => [field, flagValue(kebab(field), options[camel(kebab(field))] as string)]),
        );
      let body: Row | undefined;
      if (extra.method === 'POST') {
        body = options.data ? (flagValue('data', options.data) as Row) : {};
        if (body === null || typeof body !== 'object') throw usageError('--data: a JSON object');
        Object.assign(body, pick(bodyFields));
      }
      const answer = await call(extra, pick(queryFields), body);
      const rows = rowsOf(answer);
      const mode = modeOf(output, { json: json() });
      if (rows && mode !== 'json') return output.out(renderRows(mode, columnsOf(rows), rows));
      output.out(`${JSON.stringify(answer ?? null, null, 2)}\n`);
    });
  }
}
