import type { ResourceDef } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Caller } from '../auth/permissions.js';
import type { AppContext } from '../context.js';
import type { Repository } from './repository.js';

type Row = Record<string, unknown>;

/** Checks a resource adds to the generic save and remove; they throw ApiError to refuse. */
export interface ResourceRules {
  beforeSave?(args: {
    ctx: AppContext;
    caller: Caller;
    def: ResourceDef;
    /** Parsed input; rules may normalise it in place. */
    values: Row;
    existing?: Row;
    // biome-ignore lint/suspicious/noExplicitAny: rules query their own tables by name
    trx: Kysely<any>;
    // biome-ignore lint/suspicious/noConfusingVoidType: most rules return nothing; a few add to the answer
  }): Promise<void | SaveOutcome>;
  beforeRemove?(args: {
    ctx: AppContext;
    caller: Caller;
    def: ResourceDef;
    rows: Row[];
    // biome-ignore lint/suspicious/noExplicitAny: idem
    trx: Kysely<any>;
  }): Promise<void>;
  /** Applies a filter declared `custom` in the resource (e.g. a department and its descendants). */
  listFilter?(args: {
    caller: Caller;
    // biome-ignore lint/suspicious/noExplicitAny: the list query of the resource's table
    query: SelectQueryBuilder<any, any, any>;
    column: string;
    value: unknown;
    // biome-ignore lint/suspicious/noExplicitAny: idem
  }): SelectQueryBuilder<any, any, any>;
  /** A row as list and detail answer it (e.g. file links signed afresh); the stored row is unchanged. */
  present?(ctx: AppContext, row: Row): Promise<Row>;
  /** After a save or remove committed: drop caches kept outside the resource cache. */
  afterChange?(ctx: AppContext): void;
  /** After a save committed, with the rows as saved: what must follow the commit (ending sessions on every node). */
  afterSave?(args: { ctx: AppContext; rows: Row[] }): Promise<void>;
  /** After a removal committed, with the rows as they were before it. */
  afterRemove?(args: { ctx: AppContext; rows: Row[] }): Promise<void>;
}

/** What a save rule may add to the answer. */
export interface SaveOutcome {
  /** Fields shown once in the response and never stored as such (e.g. a generated secret). */
  reveal?: Row;
}

export interface ExtraArgs {
  ctx: AppContext;
  def: ResourceDef;
  repo: Repository;
  request: FastifyRequest;
  caller: Caller | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: parsed by the extra's own schema
  query: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  body: any;
}
export type ExtraHandler = (args: ExtraArgs) => Promise<unknown>;

/**
 * A resource as the server serves it: its contract definition, the rules its saves and removals
 * follow, and a handler for every extra the definition declares.
 */
export interface ServerResource {
  readonly def: ResourceDef;
  readonly rules: ResourceRules;
  readonly extras: Readonly<Record<string, ExtraHandler>>;
}
