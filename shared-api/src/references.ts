import { z } from 'zod';
import { issueSaying, type Message } from './messages.js';
import type { ResourceDef } from './resource.js';

/**
 * A field that holds the key of another resource's row (an application role's `appId`). Declared
 * once on the definition, it gives: the server's check on save that the row is there, live and
 * the caller's tenant's (when that resource is tenant-owned); and the pickers of the web console
 * and the terminal console, which show the row's name and search the server by it, so that no
 * form asks a person for a numeric key.
 */
export interface Reference {
  /** The resource referred to; a function, because definitions may refer to each other. */
  to: () => ResourceDef;
  /** Its column shown as the row's name and searched (the resource filters it with `like`). */
  label: string;
  /** A second column shown beside the name to tell rows apart (an application's code). */
  hint?: string;
  /** The message when the key names no such row. */
  missing: Message;
  /** The message when a required reference is left empty (`请选择应用`): a person picks, never types a key. */
  choose: Message;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The entity with each required reference field answering its reference's `choose` message when
 * left empty, rather than the key format's message: the form and the server then say what to do
 * (pick the application), not that an id is malformed. A reference its entity leaves optional
 * keeps its schema, for there an empty value means none.
 */
export function withReferenceChoices<E extends z.ZodObject>(entity: E, references: Readonly<Record<string, Reference>>): E {
  const shape = entity.shape as Record<string, z.ZodType | undefined>;
  const chosen: Record<string, z.ZodType> = {};
  for (const [field, reference] of Object.entries(references)) {
    const schema = shape[field];
    if (!schema || schema.safeParse(undefined).success) continue;
    chosen[field] = z
      .unknown()
      .superRefine((value, ctx) => {
        if (isBlank(value)) ctx.addIssue({ code: 'custom', ...issueSaying(reference.choose) });
      })
      .pipe(schema);
  }
  // safeExtend keeps the entity's own refinements across fields.
  return Object.keys(chosen).length ? (entity.safeExtend(chosen) as unknown as E) : entity;
}

/** One choice of a reference picker: the key stored and the name shown. */
export interface ReferenceChoice {
  value: string;
  label: string;
}

/** How many rows one search of a picker reads (a page size the API takes); typing narrows past them. */
export const REFERENCE_SEARCH_SIZE = 30;

/** The name a picker shows for a row of the referred resource. */
export function referenceChoice(reference: Reference, row: Record<string, unknown>): ReferenceChoice {
  const target = reference.to();
  const name = String(row[reference.label] ?? row[target.keyField] ?? '');
  const hint = reference.hint ? row[reference.hint] : undefined;
  return { value: String(row[target.keyField]), label: hint ? `${name} (${String(hint)})` : name };
}
