import { MSG_NO_DATA, MSG_OK } from './constants.js';

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

export function ok<T>(data: T, msg?: string): Envelope<T> {
  const empty = data === null || data === undefined;
  return { code: 200, success: true, data: (empty ? null : data) as T, msg: msg ?? (empty ? MSG_NO_DATA : MSG_OK) };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, success: false, data, msg };
}

/** An error answered as an envelope; thrown by services, mapped once by the server. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
  get msg(): string {
    return this.message;
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg: string) => new ApiError(401, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);
export const notFound = (msg: string) => new ApiError(404, msg);
