import { invalidSyntax, invalidValue, ScimError, scimErrorBody, scimErrorOf } from './errors.js';
import { performWrite, type WriteMethod } from './operations.js';
import { isObject, keyOf } from './paths.js';
import { MAX_BULK_OPERATIONS } from './schemas.js';
import type { ScimRequest } from './store.js';

/**
 * Bulk (RFC 7644 §3.7): `POST /Bulk` carries up to MAX_BULK_OPERATIONS writes, each performed by
 * the code that answers the same request on its own (`performWrite`: same checks, same
 * transaction, same tenant and application). Operations run in order; one that refers to a
 * resource another creates (`bulkId:<id>` as its path's id or as any value of its data) waits
 * until that one has run, and is refused with 409 when it never can (a failed, absent or
 * circular reference). After `failOnErrors` failures the rest is not run. Each answer carries its
 * own status; the bulk answer itself is 200.
 */

export const BULK_REQUEST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
export const BULK_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';

type Json = Record<string, unknown>;

interface BulkOperation {
  method: WriteMethod;
  bulkId?: string;
  version?: string;
  path: string;
  data?: unknown;
}

/** One entry of the answer: the operation's own status (as a string, as the RFC's examples give it). */
interface BulkResult {
  method: string;
  bulkId?: string;
  version?: string;
  location?: string;
  status: string;
  response?: unknown;
}

/** An operation waiting its turn: as read (or the error reading it), and the bulkIds it refers to. */
interface Pending {
  sent: { method: string; bulkId?: string };
  operation?: BulkOperation;
  error?: unknown;
  refs: Set<string>;
}

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BULK_REF = /^bulkId:(.+)$/;

const field = (object: Json, name: string) => object[keyOf(object, name) ?? ''];

/** Reads the request: its shape is checked whole (400), its size against the limit (413). */
function readBulk(body: unknown): { failOnErrors?: number; operations: unknown[] } {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object');
  const schemas = field(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(BULK_REQUEST_SCHEMA))
    throw invalidSyntax(`A bulk request names the schema ${BULK_REQUEST_SCHEMA}`);
  const operations = field(body, 'Operations');
  if (!Array.isArray(operations) || !operations.length) throw invalidSyntax('A bulk request carries a non-empty Operations array');
  if (operations.length > MAX_BULK_OPERATIONS) {
    throw new ScimError(413, `The request carries ${operations.length} operations; maxOperations is ${MAX_BULK_OPERATIONS}`);
  }
  const failOnErrors = field(body, 'failOnErrors');
  if (failOnErrors !== undefined && failOnErrors !== null && (!Number.isInteger(failOnErrors) || (failOnErrors as number) < 1)) {
    throw invalidValue('failOnErrors is a whole number of at least 1');
  }
  return { failOnErrors: (failOnErrors as number | null | undefined) ?? undefined, operations };
}

/** One operation as sent; a malformed one is refused on its own (its answer a 400), the others still run. */
function readOperation(raw: unknown): BulkOperation {
  if (!isObject(raw)) throw invalidSyntax('Each operation is a JSON object');
  const method = field(raw, 'method');
  if (typeof method !== 'string' || !METHODS.has(method.toUpperCase()))
    throw invalidSyntax('An operation method is POST, PUT, PATCH or DELETE');
  const path = field(raw, 'path');
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > 300)
    throw invalidValue('An operation path is like /Users or /Groups/{id}');
  const bulkId = field(raw, 'bulkId');
  if (bulkId !== undefined && (typeof bulkId !== 'string' || !bulkId.trim() || bulkId.length > 100)) {
    throw invalidValue('bulkId is a non-empty string of at most 100 characters');
  }
  const verb = method.toUpperCase() as WriteMethod;
  if (verb === 'POST' && bulkId === undefined) throw invalidValue('A POST operation carries a bulkId');
  const version = field(raw, 'version');
  if (version !== undefined && typeof version !== 'string') throw invalidValue('version is a string');
  const data = field(raw, 'data');
  if (verb !== 'DELETE' && data === undefined) throw invalidSyntax(`A ${verb} operation carries data`);
  return { method: verb, bulkId: bulkId as string | undefined, version: version as string | undefined, path, data };
}

/** The bulkIds an operation refers to, in its path and anywhere in its data. */
function referencesOf(operation: BulkOperation): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const match = BULK_REF.exec(value);
      if (match) found.add(match[1] as string);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) Object.values(value).forEach(visit);
  };
  for (const segment of operation.path.split('/')) visit(segment);
  visit(operation.data);
  return found;
}

/** The operation with each `bulkId:<id>` replaced by the id the referenced operation created. */
function resolved(operation: BulkOperation, created: Map<string, string>): BulkOperation {
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = BULK_REF.exec(value);
      return match ? (created.get(match[1] as string) ?? value) : value;
    }
    if (Array.isArray(value)) return value.map(swap);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swap(item)]));
    return value;
  };
  return { ...operation, path: operation.path.split('/').map(swap).join('/'), data: swap(operation.data) };
}

const failure = (operation: { method?: string; bulkId?: string }, error: ScimError): BulkResult => ({
  method: operation.method ?? '',
  ...(operation.bulkId !== undefined ? { bulkId: operation.bulkId } : {}),
  status: String(error.status),
  response: scimErrorBody(error.status, error.message, error.scimType),
});

export interface BulkHooks {
  /** A refused operation's error before it is answered (a refused grant is a security event). */
  refused(error: unknown): Promise<void>;
  /** An unforeseen fault of one operation, for the log. */
  fault(error: unknown): void;
}

/** Runs a bulk request for one token's request; answers the BulkResponse. */
export async function runBulk(r: ScimRequest, body: unknown, hooks: BulkHooks) {
  const request = readBulk(body);
  const limit = request.failOnErrors ?? Number.POSITIVE_INFINITY;
  const results: BulkResult[] = [];
  let errors = 0;
  const fail = async (operation: { method?: string; bulkId?: string }, error: unknown) => {
    await hooks.refused(error);
    results.push(failure(operation, scimErrorOf(error, hooks.fault)));
    errors++;
  };

  // bulkIds name operations within the request: one given twice makes every reference to it ambiguous.
  const seen = new Set<string>();
  for (const raw of request.operations) {
    const bulkId = isObject(raw) ? field(raw, 'bulkId') : undefined;
    if (typeof bulkId !== 'string') continue;
    if (seen.has(bulkId)) throw invalidValue(`The bulkId ${bulkId.slice(0, 100)} is given twice`);
    seen.add(bulkId);
  }
  // Each operation read on its own: a malformed one is answered with its own 400 when its turn comes.
  const pending: Pending[] = request.operations.map((raw) => {
    try {
      const operation = readOperation(raw);
      return { sent: operation, operation, refs: referencesOf(operation) };
    } catch (error) {
      const method = isObject(raw) ? field(raw, 'method') : undefined;
      const bulkId = isObject(raw) ? field(raw, 'bulkId') : undefined;
      const sent = {
        method: typeof method === 'string' ? method.slice(0, 10) : '',
        bulkId: typeof bulkId === 'string' ? bulkId : undefined,
      };
      return { sent, error, refs: new Set<string>() };
    }
  });

  const created = new Map<string, string>();
  /** bulkIds of operations refused: what refers to them is refused too. */
  const failed = new Set<string>();
  // In order, the first operation whose references are all created runs; when none can, the first
  // waiting one is refused (it refers to a failed, absent or circular bulkId).
  while (pending.length && errors < limit) {
    const ready = pending.findIndex(({ refs }) => [...refs].every((ref) => created.has(ref)));
    const [entry] = pending.splice(Math.max(ready, 0), 1) as [Pending];
    const bulkId = entry.sent.bulkId;
    if (ready < 0 || entry.error !== undefined || !entry.operation) {
      if (bulkId !== undefined) failed.add(bulkId);
      const missing = [...entry.refs].find((ref) => !created.has(ref));
      const why =
        missing === undefined
          ? ''
          : failed.has(missing)
            ? 'failed'
            : seen.has(missing)
              ? 'is part of a circular reference'
              : 'is not in this request';
      await fail(
        entry.sent,
        entry.error ?? new ScimError(409, `The referenced bulkId:${String(missing).slice(0, 100)} ${why}`, 'invalidValue'),
      );
      continue;
    }
    const operation = resolved(entry.operation, created);
    try {
      const outcome = await performWrite(r, operation.method, operation.path, operation.data, operation.version);
      const meta = outcome.resource?.meta as { location?: string; version?: string } | undefined;
      if (bulkId !== undefined && outcome.resource) created.set(bulkId, String(outcome.resource.id));
      results.push({
        method: operation.method,
        ...(bulkId !== undefined ? { bulkId } : {}),
        ...(meta?.version ? { version: meta.version } : {}),
        ...(meta?.location ? { location: meta.location } : {}),
        status: String(outcome.status),
      });
    } catch (error) {
      if (bulkId !== undefined) failed.add(bulkId);
      await fail(operation, error);
    }
  }
  return { schemas: [BULK_RESPONSE_SCHEMA], Operations: results };
}
