import { idList, idString, type ResourceDef, say } from '@sso/shared-api';
import { z } from 'zod';

type Body = Record<string, unknown>;

/**
 * How the generic routes name one row: the generated `id` (`detail?id=`, `remove?ids=`, submit
 * updates when an id is sent), or a natural key the client supplies (region: `detail?code=`,
 * `remove?id=`, submit updates when a row with that key exists, else inserts).
 */
export interface RowKeys {
  row: z.ZodObject;
  detailQuery: z.ZodObject;
  detailKey(query: Body): string;
  removeQuery: z.ZodObject;
  removeKeys(query: Body): string[];
  submitBody: z.ZodObject;
  /** The key of the row a submit updates, or undefined for an insert. */
  submitKey(body: Body, exists: (key: string) => Promise<boolean>): Promise<string | undefined>;
  /** The body's fields to save, without the key of an update. */
  values(body: Body, key: string | undefined): Body;
}

const defined = (body: Body) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

/** A number field stays a number (null when empty); everything else answers text, "" when empty. */
function answersText(field: z.ZodType): boolean {
  const asNumber = field.safeParse(1);
  if (asNumber.success && typeof asNumber.data === 'number') return false;
  const asBoolean = field.safeParse(true);
  return !(asBoolean.success && typeof asBoolean.data === 'boolean');
}

/** The row schema answers document: text fields as strings (never null) and the display names beside them. */
function answeredRow(def: ResourceDef, row: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(row.shape as Record<string, z.ZodType>)) shape[key] = answersText(field) ? z.string() : field;
  for (const name of Object.keys(def.names)) shape[name] = z.string();
  return z.object(shape);
}

export function rowKeys(def: ResourceDef): RowKeys {
  const natural = def.naturalKey;
  if (!natural) {
    return {
      row: answeredRow(def, def.entity.extend({ id: z.string() })),
      detailQuery: z.object({ id: idString }),
      detailKey: (query) => query.id as string,
      removeQuery: z.object({ ids: idList }),
      removeKeys: (query) => query.ids as string[],
      submitBody: def.entity.partial().extend({ id: z.union([idString, z.literal('')]).optional() }),
      submitKey: async (body) => (body.id as string | undefined) || undefined,
      values: ({ id: _id, ...rest }) => defined(rest),
    };
  }
  const { field, detailParam, removeParam } = natural;
  const keySchema = (def.entity.shape as Record<string, z.ZodType<string, string>>)[field];
  if (!keySchema) throw new Error(`${def.basePath}: natural key ${field} is not an entity field`);
  const keyList = z
    .string(say('selectOne'))
    .min(1, say('selectOne'))
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(keySchema));
  return {
    row: answeredRow(def, def.entity),
    detailQuery: z.object({ [detailParam]: keySchema }),
    detailKey: (query) => query[detailParam] as string,
    removeQuery: z.object({ [removeParam]: keyList }),
    removeKeys: (query) => query[removeParam] as string[],
    submitBody: def.entity.partial(),
    // A missing or malformed key names no row: an insert, whose full parse then says what is wrong.
    submitKey: async (body, exists) => {
      const parsed = keySchema.safeParse(body[field]);
      return parsed.success && (await exists(parsed.data)) ? parsed.data : undefined;
    },
    values: (body, key) => {
      const { [field]: _key, ...rest } = body;
      return defined(key ? rest : body);
    },
  };
}
