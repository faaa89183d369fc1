import type { ApiError, EndpointsDef, FilterOp, Page, ResourceDef } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import type { SecurityEvent } from '../logs/security-events.js';

/*
 * The engine's leaf: hook and handler types import nothing else of the engine, so every engine
 * module may depend on them without an import circle.
 */

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the generic layer addresses tables by name
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** A list call worked out from its query string: page, sort, filters and creation range. */
export interface ListRequest {
  current: number;
  size: number;
  sorts: { column: string; desc: boolean }[];
  filters: { column: string; op: FilterOp; value: unknown }[];
  createdAfter?: string;
  createdBefore?: string;
}

/**
 * What extra handlers use of the resource's repository: scoped reads and checked writes with the
 * resource's rules applied. The engine's Repository implements it.
 */
export interface ResourceRepository {
  readonly def: ResourceDef;
  /** Live rows of the caller's tenant (when the table is tenant scoped), before data scopes. */
  scoped(db: AnyDb, caller: Caller): AnyQuery;
  /** Live rows this caller may see, narrowed by the data scopes of their roles. */
  visible(db: AnyDb, caller: Caller): Promise<AnyQuery>;
  list(caller: Caller, request: ListRequest, extra?: (q: AnyQuery) => AnyQuery): Promise<Page<Row>>;
  detail(caller: Caller, id: string): Promise<Row | undefined>;
  save(caller: Caller, values: Row, id?: string): Promise<Row>;
  /** Several saves in one transaction, all or none; `failed` rewrites the refusal of one entry. */
  saveAll(caller: Caller, entries: { values: Row; id?: string }[], failed?: (index: number, error: ApiError) => ApiError): Promise<Row[]>;
  remove(caller: Caller, ids: string[]): Promise<void>;
  /**
   * The unit of work of an extra that changes some columns of existing rows outside the generic
   * save (a review flag, a new secret, an approval): see `RowChange`. Every id must name a live
   * row the caller may see, or nothing changes; answers the rows as changed.
   */
  change(caller: Caller, ids: readonly string[], change: RowChange): Promise<Row[]>;
  /** Refuses a caller outside the platform tenant writing a platform-wide table. */
  assertMayWrite(caller: Caller): void;
}

/**
 * What an extra changes of some rows: in one transaction the rows are locked, checked, given the
 * columns `set` (stamped with the caller and the time), and the change's security event is written
 * (`event`, else the resource's own update event when it is audited); after the commit the
 * resource's caches are dropped and its `afterSave` runs, as after a save.
 */
export interface RowChange {
  set: Row | ((row: Row) => Row);
  /** Refuses the change (throw ApiError) after seeing the locked rows as they are. */
  check?(rows: Row[]): void;
  /** What else the change writes in the same transaction (a binding released with an account). */
  alsoIn?(trx: AnyDb, rows: Row[]): Promise<void>;
  event?(rows: Row[]): SecurityEvent;
}

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
interface SaveOutcome {
  /** Fields shown once in the response and never stored as such (e.g. a generated secret). */
  reveal?: Row;
}

interface ExtraArgs {
  ctx: AppContext;
  /** The resource and its repository; an endpoint group has neither. */
  def?: ResourceDef;
  repo?: ResourceRepository;
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

/** An endpoint group as the server serves it: its definition and a handler for every endpoint. */
export interface ServedEndpoints {
  readonly def: EndpointsDef;
  readonly extras: Readonly<Record<string, ExtraHandler>>;
}
