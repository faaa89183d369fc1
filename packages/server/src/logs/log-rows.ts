import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { Column, Value } from './batch-insert.js';
import { loggedParams, loggedUri } from './secrets.js';
import { type ServerInfo, serviceOf } from './server-info.js';

/** The parts of a request an error log row needs (a cold path: worked out when it happens). */
export interface CapturedRequest {
  url: string;
  method: string;
  query: unknown;
  ip: string;
  userAgent: string | undefined;
  tenantHeader: unknown;
  caller: Caller | undefined;
}

type Caller = { tenant_id?: string; user_id?: string; account?: string };

/** What the error log needs of a request (only requests that failed with a 500 come here). */
export function captureRequest(request: FastifyRequest): CapturedRequest {
  return {
    url: request.url,
    method: request.method,
    query: request.query,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    tenantHeader: request.headers['tenant-id'],
    caller: request.caller,
  };
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

/** What the api log keeps of a call's method, URL and route: the same for every call to them. */
interface CallShape {
  serviceId: string;
  requestUri: string;
  params: string | null;
  title: string | null;
  methodName: string | null;
}

/**
 * One /api call as the api log takes it. Everything in it is shared with other calls or small
 * (the shape is remembered per URL, the caller per token): a queued call keeps next to nothing
 * of its request alive, which keeps the garbage collector's work what it is without logging.
 */
export interface ApiCall {
  method: string;
  shape: CallShape;
  ip: string;
  userAgent: string | undefined;
  tenantHeader: unknown;
  caller: Caller | undefined;
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

/** A map that forgets everything when it is full: busy clients repeat themselves, so it rarely is. */
function remembering<V>(size: number, make: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= size) known.clear();
      value = make(key);
      known.set(key, value);
    }
    return value;
  };
}

/** One string per distinct user agent: the queue holds the shared one, the request's own copy dies young. */
const userAgentOf = remembering(1000, (agent) => agent.slice(0, 1000));

const shapesByMethod = new Map<string, Map<string, CallShape>>();

/**
 * The shape of a call to `method url`, worked out on the first call (the route is asked for only
 * then: reading it builds an object) and remembered for the next thousand distinct URLs.
 */
export function callShape(method: string, url: string, query: unknown, route: () => { title?: string; url?: string }): CallShape {
  let shapes = shapesByMethod.get(method);
  if (!shapes) {
    shapes = new Map();
    shapesByMethod.set(method, shapes);
  }
  let shape = shapes.get(url);
  if (!shape) {
    if (shapes.size >= 1000) shapes.clear();
    const { title, url: pattern } = route();
    shape = {
      serviceId: serviceOf(url),
      requestUri: loggedUri(url),
      params: loggedParams(query),
      title: cut(title, 255),
      methodName: cut(pattern, 255),
    };
    shapes.set(url, shape);
  }
  return shape;
}

const tenantOf = (caller: Caller | undefined, tenantHeader: unknown) =>
  caller?.tenant_id ?? (typeof tenantHeader === 'string' && tenantHeader ? tenantHeader.slice(0, 12) : DEFAULT_TENANT_ID);

/** Who called and how, as an error log row records it (secrets replaced by `***`). */
export function requestFields(request: CapturedRequest): RequestFields {
  return {
    tenantId: tenantOf(request.caller, request.tenantHeader),
    createUser: request.caller?.user_id ?? null,
    createBy: cut(request.caller?.account, 64),
    method: request.method.slice(0, 10),
    userAgent: cut(request.userAgent, 1000),
    remoteIp: request.ip,
    serviceId: serviceOf(request.url),
    requestUri: loggedUri(request.url),
    params: loggedParams(request.query),
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
    // In REQUEST_COLUMNS order, then the api log's own.
    values: (call) => [
      tenantOf(call.caller, call.tenantHeader),
      call.caller?.user_id ?? null,
      cut(call.caller?.account, 64),
      call.shape.serviceId,
      call.method.slice(0, 10),
      call.shape.requestUri,
      call.userAgent === undefined ? null : userAgentOf(call.userAgent),
      call.ip,
      call.shape.params,
      call.shape.title,
      call.shape.methodName,
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
