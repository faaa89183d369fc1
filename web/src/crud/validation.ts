import { type ColumnView, type ResourceDef, requiredByCondition } from '@sso/shared-api';
import type { FormRule } from 'antd';
import { issueOnScreen, messageOnScreen } from '../i18n/messages.js';

/** The part of zod's API used here (the web app does not depend on zod itself). */
interface Parser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string; path: readonly PropertyKey[] }[] } };
}
interface ObjectParser extends Parser {
  shape: Record<string, Parser | undefined>;
  partial(): Parser;
}
const entityOf = (def: ResourceDef) => def.entity as unknown as ObjectParser;

/**
 * Form values as the API expects them: on insert a blank field is absent; on update a cleared
 * field is sent as '' so the server clears it (it only updates the fields sent).
 */
export function cleanValues(values: Record<string, unknown>, update = false): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && (update || value !== '')),
  );
}

/**
 * Numbers back as numbers: select and dictionary inputs hold their values as text, so a field the
 * entity reads as a number (`isSealed`, `sort`) is sent as the number it parses to, as Saber sends it.
 */
export function withEntityNumbers(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const shape = entityOf(def).shape;
  return Object.fromEntries(
    Object.entries(values).map(([prop, value]) => {
      if (typeof value !== 'string' || value === '') return [prop, value];
      const parsed = shape[prop]?.safeParse(value);
      return [prop, parsed?.success && typeof parsed.data === 'number' ? parsed.data : value];
    }),
  );
}

/**
 * The entity's message for one field in the language on screen, or undefined when it is valid
 * (checked on blur).
 */
export function fieldError(def: ResourceDef, prop: string, value: unknown): string | undefined {
  const schema = entityOf(def).shape[prop];
  if (!schema) return undefined;
  const result = schema.safeParse(value === '' || value === null ? undefined : value);
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue === undefined ? undefined : issueOnScreen(issue);
}

/**
 * The whole form against the entity (`def.entity.safeParse`), so rules across fields show too:
 * the first message per field, in the language on screen. For an update only the fields sent are
 * checked, as the server does.
 */
export function formErrors(def: ResourceDef, values: Record<string, unknown>, update = false): Record<string, string> {
  const entity = entityOf(def);
  const schema = update ? entity.partial() : entity;
  const result = schema.safeParse(cleanValues(values, update));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error?.issues ?? []) {
    const prop = String(issue.path[0] ?? '');
    if (prop && !errors[prop]) errors[prop] = issueOnScreen(issue);
  }
  return errors;
}

/**
 * Whether the entity needs a value for the field: its schema rejects a missing one (it is neither
 * optional nor nullable and has no default). The form marks such fields before anything is sent.
 */
export const isRequired = (def: ResourceDef, prop: string): boolean => entityOf(def).shape[prop]?.safeParse(undefined).success === false;

/**
 * An antd rule running the entity's check of one field. `required` only draws antd's marker: the
 * check and its message stay the entity's.
 */
export const entityRule = (def: ResourceDef, prop: string) => ({
  required: isRequired(def, prop),
  validator: async (_: unknown, value: unknown) => {
    const message = fieldError(def, prop, value);
    if (message) throw new Error(message);
  },
});

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The rules of a column's field: the entity's check, and its `requiredWhen` while that condition
 * holds for the form's values (a link application's address), with the declared message in the
 * language on screen. `values` are the form's values now: the marker follows them.
 */
export function fieldRules(def: ResourceDef, column: ColumnView, values: Record<string, unknown>): FormRule[] {
  const entity = entityRule(def, column.prop);
  const condition = column.requiredWhen;
  if (!condition) return [entity];
  return [
    { ...entity, required: entity.required || requiredByCondition(column, values) },
    ({ getFieldsValue }) => ({
      validator: async (_: unknown, value: unknown) => {
        if (isBlank(value) && requiredByCondition(column, getFieldsValue(true))) throw new Error(messageOnScreen(condition.message));
      },
    }),
  ];
}
