import { asItCame, type Message, type Said, say, textOf } from './messages.js';

/** The body every /api route answers (BladeX R). */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

// An envelope keeps the message its `msg` was worded from, so the server can answer it in the
// caller's language by id. Not enumerable: the body on the wire stays code, success, data, msg.
const SAID = Symbol('message');

/** An answer (an envelope, a token error) that keeps the message it was worded from. */
export function withMessage<T extends object>(envelope: T, said: Said): T {
  if (typeof said !== 'string') Object.defineProperty(envelope, SAID, { value: said, enumerable: false });
  return envelope;
}

/** The message an envelope (or any answer built by `ok`/`fail`) was worded from, if it has an id. */
export const messageOfEnvelope = (payload: unknown): Message | undefined =>
  payload && typeof payload === 'object' ? ((payload as { [SAID]?: Message })[SAID] ?? undefined) : undefined;

export function ok<T>(data: T, msg?: Said): Envelope<T> {
  const empty = data === null || data === undefined;
  const said = msg ?? say(empty ? 'noData' : 'ok');
  return withMessage({ code: 200, success: true, data: (empty ? null : data) as T, msg: textOf(said) }, said);
}

export function fail(code: number, msg: Said, data: unknown = null): Envelope<unknown> {
  return withMessage({ code, success: false, data, msg: textOf(msg) }, msg);
}

/** An error answered as an envelope; thrown by services, mapped once by the server. */
export class ApiError extends Error {
  /** The message with its id, when the error was raised with one (its `message` is the Chinese). */
  readonly said: Message | undefined;
  constructor(
    readonly code: number,
    msg: Said,
    readonly data: unknown = null,
  ) {
    super(textOf(msg));
    this.name = 'ApiError';
    this.said = typeof msg === 'string' ? undefined : msg;
  }
  get msg(): string {
    return this.message;
  }
  /** The message as raised: with its id when it has one, else its text. */
  get saying(): Said {
    return this.said ?? this.message;
  }
  /** The message as raised, always as a message: one a client rebuilt from a text shows it as it came. */
  get sayingWithId(): Message {
    return this.said ?? asItCame(this.message);
  }
}

// The server raises errors through these, always with a message that has an id (a plain text does
// not compile), so every edge translates it by that id. `new ApiError` with a text is for clients,
// which rebuild an error from the text a server answered.
export const badRequest = (msg: Message, data?: unknown) => new ApiError(400, msg, data);
export const unauthorized = (msg: Message) => new ApiError(401, msg);
export const forbidden = (msg: Message) => new ApiError(403, msg);
export const notFound = (msg: Message) => new ApiError(404, msg);
/** An error with another status (409, 429, 503…), with a message that has an id like the others. */
export const refusedWith = (status: number, msg: Message, data?: unknown) => new ApiError(status, msg, data);
