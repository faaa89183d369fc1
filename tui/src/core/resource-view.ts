import { type ColumnView, fieldApplies, type ResourceDef, requiredByCondition, type SsoClient } from '@sso/shared-api';
import { issueMessageIn, type Lang, labelOf, translate } from './i18n.js';
import type { Choice, FieldSpec, TableColumn } from './view-specs.js';
import { oneLine } from './width.js';

/** The part of zod's API used here (schemas come from the contract). */
interface Parser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string; path: readonly PropertyKey[] }[] } };
}
interface ObjectParser extends Parser {
  shape: Record<string, Parser | undefined>;
  partial(): Parser;
}
const entityOf = (def: ResourceDef) => def.entity as unknown as ObjectParser;

/** The display-name field answered beside a field (`deptName` beside `deptId`), if any. */
export function nameFieldOf(def: ResourceDef, prop: string): string | undefined {
  return Object.entries(def.names).find(([, source]) => source.field === prop)?.[0];
}

/** A row's value for a column as text: its display name when the server answers one. */
export function cellText(def: ResourceDef, row: Record<string, unknown>, prop: string): string {
  const name = nameFieldOf(def, prop);
  const named = name ? row[name] : undefined;
  return oneLine(named !== undefined && named !== '' ? named : row[prop]);
}

export const tableColumns = (def: ResourceDef, lang: Lang): TableColumn[] =>
  def.view.columns
    .filter((column) => !column.hideInTable && column.type !== 'password')
    .map((column) => ({ key: column.prop, label: labelOf(lang, column.label), max: column.width ? Math.round(column.width / 7) : 30 }));

const columnOf = (def: ResourceDef, prop: string) => def.view.columns.find((column) => column.prop === prop);

/** Choices of select, dict and switch columns, by prop (dictionaries read from the server). */
export type ChoiceMap = Record<string, readonly Choice[]>;

type DictEntry = { dictKey: unknown; dictValue: unknown; dictValueEn?: unknown };
const dictCache = new Map<string, Promise<DictEntry[]>>();
/** One dictionary's entries, read once per run. */
function dictEntries(client: SsoClient, code: string): Promise<DictEntry[]> {
  let found = dictCache.get(code);
  if (!found) {
    found = client.system.dict.dictionary({ code }).catch(() => {
      dictCache.delete(code);
      return [];
    });
    dictCache.set(code, found);
  }
  return found;
}

/** A dictionary's entries as choices, labelled in English where the entry has an English label. */
async function dictChoices(client: SsoClient, code: string, lang: Lang): Promise<Choice[]> {
  return (await dictEntries(client, code)).map((row) => ({
    value: String(row.dictKey),
    label: String(lang === 'en' && row.dictValueEn ? row.dictValueEn : row.dictValue),
  }));
}

export async function loadChoices(client: SsoClient, def: ResourceDef, lang: Lang): Promise<ChoiceMap> {
  const map: ChoiceMap = {};
  for (const column of def.view.columns) {
    if (column.dict) map[column.prop] = await dictChoices(client, column.dict, lang);
    else if (column.options)
      map[column.prop] = column.options.map((option) => ({ value: option.value, label: labelOf(lang, option.label) }));
    else if (column.type === 'switch')
      map[column.prop] = [
        { value: '1', label: translate(lang, 'yes') },
        { value: '0', label: translate(lang, 'no') },
      ];
  }
  return map;
}

const isRequired = (def: ResourceDef, prop: string) => entityOf(def).shape[prop]?.safeParse(undefined).success === false;

function fieldOf(column: ColumnView, lang: Lang, choices: ChoiceMap, required: boolean, blankChoice: boolean): FieldSpec {
  const options = choices[column.prop];
  const label = labelOf(lang, column.label);
  if (options?.length) {
    const all = blankChoice ? [{ value: '', label: '—' }, ...options] : options;
    return { prop: column.prop, label, kind: 'choice', choices: all, required };
  }
  return { prop: column.prop, label, kind: column.type === 'password' ? 'password' : 'text', required };
}

/**
 * The create or edit form: the view's form columns the entity accepts (no password when editing)
 * that apply to the values typed so far (`appliesWhen`), a field required by its `requiredWhen`
 * marked so while that holds.
 */
export function formFields(
  def: ResourceDef,
  lang: Lang,
  choices: ChoiceMap,
  editing: boolean,
  values: Record<string, string> = {},
): FieldSpec[] {
  const shape = entityOf(def).shape;
  return def.view.columns
    .filter((column) => !column.hideInForm && column.prop in shape && !(editing && column.type === 'password'))
    .filter((column) => fieldApplies(column, values))
    .map((column) => {
      const required = isRequired(def, column.prop);
      return fieldOf(column, lang, choices, required || requiredByCondition(column, values), !required);
    });
}

/** The search form: the resource's filters (tree-picked ones are filtered by their own screens). */
export function searchFields(def: ResourceDef, lang: Lang, choices: ChoiceMap): FieldSpec[] {
  return Object.keys(def.filters)
    .map((prop) => columnOf(def, prop) ?? { prop, label: [prop, prop] as const })
    .filter((column) => column.type !== 'tree')
    .map((column) => fieldOf(column, lang, choices, false, true));
}

/** A row's values as the form's text. */
export function formValues(fields: readonly Pick<FieldSpec, 'prop'>[], row?: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field.prop, row?.[field.prop] === undefined || row[field.prop] === null ? '' : String(row[field.prop])]),
  );
}

/**
 * What goes to the server: numbers as numbers where the entity reads a number (as the web sends
 * them); on insert a blank field is left out, on update it is sent as '' so the server clears it.
 */
export function toPayload(def: ResourceDef, values: Record<string, string>, update: boolean): Record<string, unknown> {
  const shape = entityOf(def).shape;
  const out: Record<string, unknown> = {};
  for (const [prop, value] of Object.entries(values)) {
    if (value === '' && !update) continue;
    const parsed = value === '' ? undefined : shape[prop]?.safeParse(value);
    out[prop] = parsed?.success && typeof parsed.data === 'number' ? parsed.data : value;
  }
  return out;
}

/** The entity's first message per field (all fields on insert, the sent ones on update), in the language. */
export function formErrors(def: ResourceDef, payload: Record<string, unknown>, update: boolean, lang: Lang): Record<string, string> {
  const entity = entityOf(def);
  const result = (update ? entity.partial() : entity).safeParse(payload);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : (result.error?.issues ?? [])) {
    const prop = String(issue.path[0] ?? '');
    if (prop && !errors[prop]) errors[prop] = issueMessageIn(lang, issue);
  }
  return errors;
}

/** Every column with its value, for the detail view. */
export function detailLines(def: ResourceDef, row: Record<string, unknown>, lang: Lang): { label: string; value: string }[] {
  const shown = def.view.columns.filter((column) => column.type !== 'password');
  const lines = shown.map((column) => ({ label: labelOf(lang, column.label), value: cellText(def, row, column.prop) }));
  for (const prop of ['createTime', 'updateTime'])
    if (row[prop] && !shown.some((c) => c.prop === prop)) lines.push({ label: prop, value: oneLine(row[prop]) });
  return lines;
}
