import { invalidSyntax, invalidValue } from './errors.js';
import { type ListQuery, parseListQuery } from './listing.js';
import { isObject, keyOf } from './paths.js';
import type { Sortable } from './sorting.js';

/**
 * `POST …/.search` (RFC 7644 §3.4.3): the parameters of a list query in a SearchRequest body
 * instead of the query string (so that a filter holding personal data stays out of logs and
 * addresses). They are read into the same ListQuery a GET's query string gives, and checked alike.
 */

export const SEARCH_REQUEST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';

const PARAMETERS = ['filter', 'startIndex', 'count', 'sortBy', 'sortOrder', 'attributes', 'excludedAttributes'] as const;

/** One parameter of the body as the query-string text it stands for; a value of the wrong JSON type is a 400. */
function asText(name: (typeof PARAMETERS)[number], value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (name === 'attributes' || name === 'excludedAttributes') {
    // Multi-valued lists of attribute paths; a comma-joined string as some clients send is taken too.
    if (typeof value === 'string') return value;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && !item.includes(','))) {
      throw invalidValue(`${name} is a list of attribute paths`);
    }
    return value.join(',');
  }
  if (name === 'startIndex' || name === 'count') {
    if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidValue(`${name} is a whole number`);
    return String(value);
  }
  if (typeof value !== 'string') throw invalidValue(`${name} is a string`);
  return value;
}

/** The list query a SearchRequest body asks for. */
export function parseSearchRequest(body: unknown, sortable: Sortable): ListQuery {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object');
  const schemas = body[keyOf(body, 'schemas') ?? ''];
  if (!Array.isArray(schemas) || !schemas.includes(SEARCH_REQUEST_SCHEMA)) {
    throw invalidSyntax(`A search request names the schema ${SEARCH_REQUEST_SCHEMA}`);
  }
  const query: Record<string, string | undefined> = {};
  for (const name of PARAMETERS) query[name] = asText(name, body[keyOf(body, name) ?? '']);
  return parseListQuery(query, sortable);
}
