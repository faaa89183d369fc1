/**
 * The expression language of process models, evaluated here and never by JavaScript: `${pass}`,
 * `${!pass}`, `${days > 3 && type == 'sick'}`, `${applyUser}`. A small JUEL subset over the
 * instance's variables: literals (numbers, 'text', "text", true, false, null), names and
 * `a.b` member reads of plain data, `!`/`not`, `&&`/`and`, `||`/`or`, `==` `!=` `<` `>` `<=`
 * `>=` (and eq ne lt gt le ge), `+ - * / %`, `empty x`, `c ? a : b` and parentheses. Calls,
 * assignments, indexing by computed keys and anything else are refused when the model is saved.
 */

export type Value = string | number | boolean | null | undefined | Value[] | { [key: string]: Value };
export type Variables = Readonly<Record<string, unknown>>;

type Node =
  | { kind: 'literal'; value: Value }
  | { kind: 'name'; path: string[] }
  | { kind: 'unary'; op: '!' | '-' | 'empty'; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; then: Node; otherwise: Node };

export class ExpressionError extends Error {}

const WORD_OPERATORS: Record<string, string> = { and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', gt: '>', le: '<=', ge: '>=' };
const KEYWORDS: Record<string, Value> = { true: true, false: false, null: null };
const MAX_LENGTH = 1000;

type Token =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'id'; value: string }
  | { type: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ type: 'num', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        value += text[j];
      }
      if (j >= text.length) throw new ExpressionError(`unterminated text in ${text}`);
      tokens.push({ type: 'str', value });
      i = j + 1;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (word) {
      const op = Object.hasOwn(WORD_OPERATORS, word[0]) ? WORD_OPERATORS[word[0]] : undefined;
      if (op) tokens.push({ type: 'op', value: op });
      else if (word[0] === 'empty') tokens.push({ type: 'op', value: 'empty' });
      else tokens.push({ type: 'id', value: word[0] });
      i += word[0].length;
      continue;
    }
    const op = /^(&&|\|\||==|!=|<=|>=|[<>!()+\-*/%.?:])/.exec(text.slice(i));
    if (!op) throw new ExpressionError(`unexpected "${c}" in ${text}`);
    tokens.push({ type: 'op', value: op[0] });
    i += op[0].length;
  }
  return tokens;
}

/** Precedence climbing over the tokens; each level names what it parses. */
class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly text: string,
  ) {}

  parse(): Node {
    const node = this.conditional();
    if (this.at < this.tokens.length) throw new ExpressionError(`unexpected "${this.peek()?.value}" in ${this.text}`);
    return node;
  }
  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private isOp(...ops: string[]): string | undefined {
    const t = this.peek();
    return t?.type === 'op' && ops.includes(t.value) ? t.value : undefined;
  }
  private expect(op: string): void {
    if (!this.isOp(op)) throw new ExpressionError(`expected "${op}" in ${this.text}`);
    this.at++;
  }
  private conditional(): Node {
    const test = this.binary(0);
    if (!this.isOp('?')) return test;
    this.at++;
    const then = this.conditional();
    this.expect(':');
    return { kind: 'conditional', test, then, otherwise: this.conditional() };
  }
  private static readonly LEVELS = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];
  private binary(level: number): Node {
    if (level >= Parser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (let op = this.isOp(...Parser.LEVELS[level]); op; op = this.isOp(...Parser.LEVELS[level])) {
      this.at++;
      left = { kind: 'binary', op, left, right: this.binary(level + 1) };
    }
    return left;
  }
  private unary(): Node {
    const op = this.isOp('!', '-', 'empty');
    if (op) {
      this.at++;
      return { kind: 'unary', op: op as '!' | '-' | 'empty', operand: this.unary() };
    }
    return this.primary();
  }
  private primary(): Node {
    const t = this.peek();
    if (!t) throw new ExpressionError(`unexpected end of ${this.text}`);
    this.at++;
    if (t.type === 'num' || t.type === 'str') return { kind: 'literal', value: t.value };
    if (t.type === 'id') {
      if (Object.hasOwn(KEYWORDS, t.value)) return { kind: 'literal', value: KEYWORDS[t.value] };
      const path = [t.value];
      while (this.isOp('.')) {
        this.at++;
        const next = this.peek();
        if (next?.type !== 'id') throw new ExpressionError(`expected a name after "." in ${this.text}`);
        this.at++;
        path.push(next.value);
      }
      if (this.isOp('(')) throw new ExpressionError(`calls are not allowed: ${this.text}`);
      return { kind: 'name', path };
    }
    if (t.value === '(') {
      const inner = this.conditional();
      this.expect(')');
      return inner;
    }
    throw new ExpressionError(`unexpected "${t.value}" in ${this.text}`);
  }
}

/** Reads a name's value: own properties of plain data only, never a prototype's. */
function lookUp(variables: Variables, path: string[]): Value {
  let value: unknown = variables;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'function' ? undefined : (value as Value);
}

const isEmpty = (v: Value) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
/** JUEL coerces text that looks like a number when compared with a number (`${days > 3}` with days "5"). */
const comparable = (a: Value, b: Value): [Value, Value] => {
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && !Number.isNaN(Number(b))) return [a, Number(b)];
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '' && !Number.isNaN(Number(a))) return [Number(a), b];
  return [a, b];
};
const truthy = (v: Value) => v === true || v === 'true';

function evaluate(node: Node, variables: Variables): Value {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name':
      return lookUp(variables, node.path);
    case 'conditional':
      return truthy(evaluate(node.test, variables)) ? evaluate(node.then, variables) : evaluate(node.otherwise, variables);
    case 'unary': {
      const v = evaluate(node.operand, variables);
      if (node.op === '!') return !truthy(v);
      if (node.op === 'empty') return isEmpty(v);
      return -Number(v);
    }
    case 'binary': {
      if (node.op === '&&') return truthy(evaluate(node.left, variables)) && truthy(evaluate(node.right, variables));
      if (node.op === '||') return truthy(evaluate(node.left, variables)) || truthy(evaluate(node.right, variables));
      const [a, b] = comparable(evaluate(node.left, variables), evaluate(node.right, variables));
      switch (node.op) {
        case '==':
          return (a ?? null) === (b ?? null);
        case '!=':
          return (a ?? null) !== (b ?? null);
        case '<':
          return a !== null && a !== undefined && b !== null && b !== undefined && a < b;
        case '>':
          return a !== null && a !== undefined && b !== null && b !== undefined && a > b;
        case '<=':
          return a !== null && a !== undefined && b !== null && b !== undefined && a <= b;
        case '>=':
          return a !== null && a !== undefined && b !== null && b !== undefined && a >= b;
        case '+':
          return typeof a === 'string' || typeof b === 'string' ? `${a ?? ''}${b ?? ''}` : Number(a) + Number(b);
        case '-':
          return Number(a) - Number(b);
        case '*':
          return Number(a) * Number(b);
        case '/':
          return Number(a) / Number(b);
        case '%':
          return Number(a) % Number(b);
      }
    }
  }
  throw new ExpressionError('unknown expression');
}

const parsed = new Map<string, Node>();

/** The syntax tree of an expression body (without `${}`), kept for the next evaluation. */
export function parseExpression(body: string): Node {
  const known = parsed.get(body);
  if (known) return known;
  if (body.length > MAX_LENGTH) throw new ExpressionError('expression too long');
  const node = new Parser(tokenize(body), body).parse();
  if (parsed.size > 5000) parsed.clear();
  parsed.set(body, node);
  return node;
}

const WHOLE = /^\s*\$\{([\s\S]*)\}\s*$/;
const PART = /\$\{([^}]*)\}/g;

/** Whether text holds an expression to evaluate. */
export const hasExpression = (text: string | null | undefined): boolean => !!text && /\$\{[^}]*\}/.test(text);

/**
 * The value of a template: a whole `${…}` answers the expression's value (a boolean for a
 * condition); text with parts inside answers the text with each part's value put in.
 */
export function evaluateTemplate(text: string, variables: Variables): Value {
  const whole = WHOLE.exec(text);
  if (whole && !whole[1].includes('${')) return evaluate(parseExpression(whole[1]), variables);
  return text.replace(PART, (_m, body: string) => String(evaluate(parseExpression(body), variables) ?? ''));
}

/** Checks every `${…}` of a text parses; the message names the first that does not. */
export function checkTemplate(text: string): string | undefined {
  try {
    for (const match of text.matchAll(PART)) parseExpression(match[1]);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A condition's outcome: only `true` (or the text "true") takes the flow. */
export const conditionHolds = (text: string, variables: Variables): boolean => truthy(evaluateTemplate(text, variables));
