import type { EndpointsDef, ExtraDef, ResourceDef } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import type { FileDownload } from './multipart.js';
import type { ResourceRepository } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: any definition, whatever its entity, extras and names
export type AnyResourceDef = ResourceDef<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: any endpoint group, whatever its endpoints
export type AnyEndpointsDef = EndpointsDef<any>;
/** A resource or an endpoint group: both declare their calls as `extras`. */
export type AnyEntryDef = AnyResourceDef | AnyEndpointsDef;

/** What a schema the extra may leave out parses to; without one the handler gets nothing to read. */
type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** Fields taken from the query or the body are checked against `body`, else `query`, and given as both. */
type FieldsOf<X extends ExtraDef> = X['body'] extends z.ZodType ? z.infer<X['body']> : Parsed<X['query']>;
type QueryOf<X extends ExtraDef> = X['fieldsFrom'] extends 'query-or-body' ? FieldsOf<X> : Parsed<X['query']>;
type BodyOf<X extends ExtraDef> = X['fieldsFrom'] extends 'query-or-body' ? FieldsOf<X> : Parsed<X['body']>;

/** The routes let a call reach a handler only with a caller, unless the extra is public. */
type CallerOf<X extends ExtraDef> = X['permission'] extends 'public' ? Caller | undefined : Caller;

/**
 * Rows as a handler gives them, before the answer: the engine fills in display names and turns
 * empty text into "", so a field may still be missing or null; a field that is there must have
 * the type the response declares (rows read without a static type pass as they are).
 */
type BeforeAnswer<T> = T extends readonly (infer E)[]
  ? BeforeAnswer<E>[]
  : T extends object
    ? { [K in keyof T]?: BeforeAnswer<T[K]> | null }
    : T;

/** A download answers the file; any other extra what its response schema accepts. */
type AnswerOf<X extends ExtraDef> = X['download'] extends true ? FileDownload : BeforeAnswer<z.input<X['response']>>;

/** What the handler of one extra receives, typed from the extra's declaration. */
export interface ExtraHandlerArgs<X extends ExtraDef> {
  ctx: AppContext;
  def: ResourceDef;
  repo: ResourceRepository;
  request: FastifyRequest;
  caller: CallerOf<X>;
  query: QueryOf<X>;
  body: BodyOf<X>;
}

/** What the handler of an endpoint receives: no resource, so no definition of one and no repository. */
export type EndpointHandlerArgs<X extends ExtraDef> = Omit<ExtraHandlerArgs<X>, 'def' | 'repo'>;

/** What every handler of a signed-in caller's extra receives, for helpers several handlers share. */
export type SignedInArgs = Omit<ExtraHandlerArgs<ExtraDef>, 'caller' | 'query' | 'body'> & { caller: Caller };

type TypedExtraHandler<X extends ExtraDef> = (args: ExtraHandlerArgs<X>) => Promise<AnswerOf<X>>;
type TypedEndpointHandler<X extends ExtraDef> = (args: EndpointHandlerArgs<X>) => Promise<AnswerOf<X>>;

/** One handler for every extra (or endpoint) the definition declares, by its key. */
export type ExtraHandlers<D extends AnyEntryDef> = D extends AnyEndpointsDef
  ? { [K in keyof D['extras']]: TypedEndpointHandler<D['extras'][K]> }
  : { [K in keyof D['extras']]: TypedExtraHandler<D['extras'][K]> };

/**
 * The handlers of a resource's extras, checked against its definition: a missing or misspelt key,
 * a field the schemas do not declare or an answer the response schema does not accept is a
 * compile error.
 */
export function defineExtraHandlers<D extends AnyEntryDef>(_def: D, handlers: ExtraHandlers<D>): ExtraHandlers<D> {
  return handlers;
}

/** Some of a resource's extra handlers, for a resource whose extras live in several files. */
export function someExtraHandlers<D extends AnyEntryDef, K extends keyof D['extras'] & keyof ExtraHandlers<D>>(
  _def: D,
  handlers: Pick<ExtraHandlers<D>, K>,
): Pick<ExtraHandlers<D>, K> {
  return handlers;
}

/** The handler of one extra, for handlers shared by several resources or written apart. */
export function extraHandler<X extends ExtraDef>(_extra: X, handler: TypedExtraHandler<X>): TypedExtraHandler<X> {
  return handler;
}
