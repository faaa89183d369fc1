import { invalidFilter } from './errors.js';
import { type AttrPath, isObject, keyOf, parseAttrPath, valuesAt } from './paths.js';

/**
 * SCIM filters (RFC 7644 §3.4.2.2): comparisons `eq ne co sw ew gt ge lt le`, presence `pr`,
 * `and`, `or`, `not ( … )`, parentheses and value paths `emails[type eq "work"]`. Attribute
 * names and operators are case-insensitive; string comparisons too (the platform's attributes
 * are all caseExact false). A filter that cannot be parsed is a 400 `invalidFilter`.
 */

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type Literal = string | number | boolean | null;

export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'pr'; path: AttrPath }
  | { kind: 'compare'; op: CompareOp; path: AttrPath; value: Literal }
  /** `attr[filter]`: some element of the multi-valued attribute matches the inner filter. */
  | { kind: 'valuePath'; path: AttrPath; filter: Filter };

const COMPARE_OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
/** Long enough for any sensible filter; a longer or deeper one is refused before it costs anything. */
export const MAX_FILTER_LENGTH = 2000;
const MAX_DEPTH = 32;

type Token = { type: 'word'; text: string } | { type: 'string'; text: string } | { type: 'punct'; text: '(' | ')' | '[' | ']' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: 'punct', text: c });
      i++;
    } else if (c === '"') {
      // A JSON string: find its end honouring escapes, then let JSON decode it.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw invalidFilter('Unterminated string in filter');
      let decoded: unknown;
      try {
        decoded = JSON.parse(text.slice(i, j + 1));
      } catch {
        throw invalidFilter('Invalid string in filter');
      }
      tokens.push({ type: 'string', text: decoded as string });
      i = j + 1;
    } else {
      const match = /^[^\s()[\]"]+/.exec(text.slice(i));
      if (!match) throw invalidFilter(`Unexpected character in filter: ${c}`);
      tokens.push({ type: 'word', text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Filter {
    const filter = this.or(0);
    if (this.at < this.tokens.length) throw invalidFilter(`Unexpected "${this.describe(this.tokens[this.at])}" in filter`);
    return filter;
  }

  private describe(token: Token | undefined) {
    return token ? token.text.slice(0, 50) : 'end';
  }

  private peekWord(word: string): boolean {
    const token = this.tokens[this.at];
    return token?.type === 'word' && token.text.toLowerCase() === word;
  }

  private expect(punct: '(' | ')' | '[' | ']'): void {
    const token = this.tokens[this.at];
    if (token?.type !== 'punct' || token.text !== punct)
      throw invalidFilter(`Expected "${punct}" in filter, found ${this.describe(token)}`);
    this.at++;
  }

  private or(depth: number): Filter {
    let left = this.and(depth);
    while (this.peekWord('or')) {
      this.at++;
      left = { kind: 'or', left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): Filter {
    let left = this.unary(depth);
    while (this.peekWord('and')) {
      this.at++;
      left = { kind: 'and', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): Filter {
    if (depth > MAX_DEPTH) throw invalidFilter('Filter nested too deeply');
    const token = this.tokens[this.at];
    if (!token) throw invalidFilter('Filter ends too early');
    if (token.type === 'punct' && token.text === '(') {
      this.at++;
      const inner = this.or(depth + 1);
      this.expect(')');
      return inner;
    }
    if (this.peekWord('not') && this.tokens[this.at + 1]?.text === '(') {
      this.at++;
      this.expect('(');
      const inner = this.or(depth + 1);
      this.expect(')');
      return { kind: 'not', filter: inner };
    }
    if (token.type !== 'word') throw invalidFilter(`Expected an attribute in filter, found ${this.describe(token)}`);
    this.at++;
    const bracket = token.text.indexOf('[');
    if (bracket >= 0) throw invalidFilter('Invalid attribute in filter');
    const path = parseAttrPath(token.text, invalidFilter);
    const next = this.tokens[this.at];
    if (next?.type === 'punct' && next.text === '[') {
      if (path.sub) throw invalidFilter('A value path names an attribute, not a sub-attribute');
      this.at++;
      const inner = this.or(depth + 1);
      this.expect(']');
      return { kind: 'valuePath', path, filter: inner };
    }
    if (next?.type !== 'word') throw invalidFilter(`Expected an operator after ${token.text.slice(0, 50)}`);
    const op = next.text.toLowerCase();
    this.at++;
    if (op === 'pr') return { kind: 'pr', path };
    if (!COMPARE_OPS.has(op)) throw invalidFilter(`Unknown filter operator: ${next.text.slice(0, 20)}`);
    return { kind: 'compare', op: op as CompareOp, path, value: this.literal(op as CompareOp) };
  }

  private literal(op: CompareOp): Literal {
    const token = this.tokens[this.at];
    if (!token || token.type === 'punct') throw invalidFilter(`Expected a value after ${op}`);
    this.at++;
    if (token.type === 'string') return token.text;
    const word = token.text.toLowerCase();
    let value: Literal;
    if (word === 'true' || word === 'false') value = word === 'true';
    else if (word === 'null') value = null;
    else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(token.text)) value = Number(token.text);
    else throw invalidFilter(`Invalid value in filter: ${token.text.slice(0, 50)} (strings are quoted)`);
    if ((op === 'co' || op === 'sw' || op === 'ew') && typeof value !== 'string') throw invalidFilter(`${op} compares strings only`);
    if (['gt', 'ge', 'lt', 'le'].includes(op) && (typeof value === 'boolean' || value === null)) {
      throw invalidFilter(`${op} cannot compare ${String(value)}`);
    }
    return value;
  }
}

/** Parses a filter; anything malformed, too long or too deep is a 400 `invalidFilter`. */
export function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter(`A filter may be at most ${MAX_FILTER_LENGTH} characters`);
  const tokens = tokenize(text);
  if (!tokens.length) throw invalidFilter('The filter is empty');
  return new Parser(tokens).parse();
}

/** Timestamps compare as instants (meta.created, meta.lastModified), not as text. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function ordered(actual: unknown, expected: Literal): number | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  if (typeof actual === 'string' && typeof expected === 'string') {
    if (ISO_INSTANT.test(actual) && ISO_INSTANT.test(expected)) return Date.parse(actual) - Date.parse(expected);
    const a = actual.toLowerCase();
    const b = expected.toLowerCase();
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return undefined;
}

function equal(actual: unknown, expected: Literal): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') {
    if (ISO_INSTANT.test(actual) && ISO_INSTANT.test(expected)) return Date.parse(actual) === Date.parse(expected);
    return actual.toLowerCase() === expected.toLowerCase();
  }
  return actual === expected;
}

function compareOne(op: CompareOp, actual: unknown, expected: Literal): boolean {
  switch (op) {
    case 'eq':
      return equal(actual, expected);
    case 'ne':
      return !equal(actual, expected);
    case 'co':
    case 'sw':
    case 'ew': {
      if (typeof actual !== 'string' || typeof expected !== 'string') return false;
      const a = actual.toLowerCase();
      const b = expected.toLowerCase();
      return op === 'co' ? a.includes(b) : op === 'sw' ? a.startsWith(b) : a.endsWith(b);
    }
    default: {
      const order = ordered(actual, expected);
      if (order === undefined) return false;
      return op === 'gt' ? order > 0 : op === 'ge' ? order >= 0 : op === 'lt' ? order < 0 : order <= 0;
    }
  }
}

const present = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && !value.length) &&
  !(isObject(value) && !Object.keys(value).length);

/** Whether a resource (its SCIM representation) matches the filter. */
export function matches(resource: Record<string, unknown>, filter: Filter): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(resource, filter.left) && matches(resource, filter.right);
    case 'or':
      return matches(resource, filter.left) || matches(resource, filter.right);
    case 'not':
      return !matches(resource, filter.filter);
    case 'pr':
      return valuesAt(resource, filter.path).some(present);
    case 'compare': {
      const values = valuesAt(resource, filter.path);
      // `ne` holds when no value equals (an absent attribute is not equal to anything); `eq null` when absent.
      if (filter.op === 'ne') return !values.some((v) => equal(v, filter.value));
      if (filter.value === null && filter.op === 'eq') return !values.some(present);
      return values.some((v) => compareOne(filter.op, v, filter.value));
    }
    case 'valuePath':
      return elementsAt(resource, filter.path).some((element) => matches(element, filter.filter));
  }
}

/** The elements of a multi-valued attribute as objects an inner filter reads (`value` for simple ones). */
export function elementsAt(resource: Record<string, unknown>, path: AttrPath): Record<string, unknown>[] {
  const holder = path.urn ? resource[keyOf(resource, path.urn) ?? ''] : resource;
  if (!isObject(holder)) return [];
  const key = keyOf(holder, path.attr);
  const found = key === undefined ? undefined : holder[key];
  const items = Array.isArray(found) ? found : found === undefined || found === null ? [] : [found];
  return items.map((item) => (isObject(item) ? item : { value: item }));
}
