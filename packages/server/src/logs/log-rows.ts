import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import type { Column, Value } from './batch-insert.js';
import { loggedParams, loggedUri } from './secrets.js';
import { type ServerInfo, serviceOf } from './server-info.js';

/**
 * The parts of a request its log rows need, taken as they are: the request path only copies
 * references, and the string work (secrets, lengths) waits for the flush.
 */
export interface CapturedRequest {
  url: string;
  method: string;
  query: unknown;
  ip: string;
  userAgent: string | undefined;
  tenantHeader: unknown;
  caller: { tenant_id?: string; user_id?: string; account?: string } | undefined;
}

/** The request a log row was written for, as stored. */
export interface RequestFields {
  tenantId?: string;
  createUser?: string | null;
  createBy?: string | null;
  serviceId?: string;
  method?: string;
  requestUri?: string;
  userAgent?: string | null;
  remoteIp?: string;
  params?: string | null;
}

export interface ApiCall extends CapturedRequest {
  title: string | undefined;
  route: string | undefined;
  elapsedMs: number;
  status: number;
}

export interface SignInAttempt {
  tenantId: string;
  account: string;
  clientId?: string;
  success: boolean;
  reason: string;
  ip: string;
  userAgent?: string;
  userId?: string;
}

/** How one log table is written: its columns after id and create_time, and an entry's values. */
export interface TableSpec<E> {
  table: 'blade_log_api' | 'blade_log_usual' | 'blade_log_error' | 'blade_log_login';
  columns: Column[];
  /** Same for every row: bound once per insert. */
  constants: Record<string, Value>;
  values(entry: E): Value[];
}

const text = (name: string): Column => ({ name, type: 'text' });
const cut = (value: string | undefined | null, length: number) => (value == null ? null : value.slice(0, length));

/** A URL's share of a row: the string work of logging, done once per distinct URL (see below). */
interface UrlFields {
  serviceId: string;
  requestUri: string;
  params: string | null;
}
const urlMemo = new Map<string, UrlFields>();
const URL_MEMO_SIZE = 1000;

/** Busy clients repeat the same calls: their URL's fields are remembered (the query comes from the URL). */
function urlFields(url: string, query: unknown): UrlFields {
  let fields = urlMemo.get(url);
  if (!fields) {
    if (urlMemo.size >= URL_MEMO_SIZE) urlMemo.clear();
    fields = { serviceId: serviceOf(url), requestUri: loggedUri(url), params: loggedParams(query) };
    urlMemo.set(url, fields);
  }
  return fields;
}

/** Who called and how, as every request log row records it (secrets replaced by `***`). */
export function requestFields(request: CapturedRequest): RequestFields {
  const { caller, tenantHeader } = request;
  return {
    tenantId: caller?.tenant_id ?? (typeof tenantHeader === 'string' && tenantHeader ? tenantHeader.slice(0, 12) : DEFAULT_TENANT_ID),
    createUser: caller?.user_id ?? null,
    createBy: cut(caller?.account, 64),
    method: request.method.slice(0, 10),
    userAgent: cut(request.userAgent, 1000),
    remoteIp: request.ip,
    ...urlFields(request.url, request.query),
  };
}

const REQUEST_COLUMNS: Column[] = [
  { name: 'tenant_id', type: 'text' },
  { name: 'create_user', type: 'bigint' },
  ...['create_by', 'service_id', 'method', 'request_uri', 'user_agent', 'remote_ip', 'params'].map(text),
];
const requestValues = (f: RequestFields): Value[] => [
  f.tenantId || DEFAULT_TENANT_ID,
  f.createUser ?? null,
  f.createBy ?? null,
  f.serviceId ?? null,
  f.method ?? null,
  f.requestUri ?? null,
  f.userAgent ?? null,
  f.remoteIp ?? null,
  f.params ?? null,
];
const serverConstants = (server: ServerInfo) => ({ server_host: server.serverHost, server_ip: server.serverIp, env: server.env });

export function apiSpec(server: ServerInfo): TableSpec<ApiCall> {
  return {
    table: 'blade_log_api',
    columns: [...REQUEST_COLUMNS, text('title'), text('method_name'), text('time'), { name: 'result_code', type: 'int' }],
    constants: { ...serverConstants(server), type: '1' },
    values: (call) => [
      ...requestValues(requestFields(call)),
      cut(call.title, 255),
      cut(call.route, 255),
      String(Math.round(call.elapsedMs)),
      call.status,
    ],
  };
}

export function errorSpec(server: ServerInfo): TableSpec<{ request: RequestFields; error: Error }> {
  return {
    table: 'blade_log_error',
    columns: [
      ...REQUEST_COLUMNS,
      ...['exception_name', 'message', 'stack_trace', 'file_name'].map(text),
      { name: 'line_number', type: 'int' },
    ],
    constants: serverConstants(server),
    values: ({ request, error }) => {
      const where = /\((.*):(\d+):\d+\)/.exec(error.stack?.split('\n')[1] ?? '');
      return [
        ...requestValues(request),
        (error.name || 'Error').slice(0, 255),
        error.message,
        error.stack ?? null,
        cut(where?.[1], 1000),
        where ? Number(where[2]) : null,
      ];
    },
  };
}

export function usualSpec(server: ServerInfo): TableSpec<{ request: RequestFields; level: string; id: string; data: unknown }> {
  return {
    table: 'blade_log_usual',
    columns: [...REQUEST_COLUMNS, ...['log_level', 'log_id', 'log_data'].map(text)],
    constants: serverConstants(server),
    values: ({ request, level, id, data }) => [
      ...requestValues(request),
      level.slice(0, 10),
      id.slice(0, 100),
      typeof data === 'string' ? data : JSON.stringify(data),
    ],
  };
}

export function signInSpec(city: (ip: string) => string | undefined): TableSpec<SignInAttempt> {
  return {
    table: 'blade_log_login',
    columns: [
      { name: 'tenant_id', type: 'text' },
      { name: 'create_user', type: 'bigint' },
      ...['account', 'client_id', 'reason', 'remote_ip', 'city', 'user_agent'].map(text),
      { name: 'success', type: 'int' },
    ],
    constants: {},
    values: (attempt) => [
      attempt.tenantId.slice(0, 12) || DEFAULT_TENANT_ID,
      attempt.userId ?? null,
      attempt.account.slice(0, 64),
      cut(attempt.clientId, 48),
      attempt.reason.slice(0, 255),
      attempt.ip,
      city(attempt.ip) ?? null,
      cut(attempt.userAgent, 1000),
      attempt.success ? 1 : 0,
    ],
  };
}
