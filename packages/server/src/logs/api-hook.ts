import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { RequestFields } from './log-recorder.js';
import { scheduleLogPurge } from './retention.js';
import { loggedParams, loggedUri } from './secrets.js';
import { serviceOf } from './server-info.js';

/** Errors that ended a request, kept until its response is logged. */
const failures = new WeakMap<FastifyRequest, Error>();

/** Who called and how, as every log row of a request records it. */
export function requestFields(request: FastifyRequest): RequestFields {
  const caller = request.caller;
  const tenantHeader = request.headers['tenant-id'];
  return {
    tenantId: caller?.tenant_id ?? (typeof tenantHeader === 'string' && tenantHeader ? tenantHeader.slice(0, 12) : DEFAULT_TENANT_ID),
    createUser: caller?.user_id ?? null,
    createBy: caller?.account?.slice(0, 64) ?? null,
    serviceId: serviceOf(request.url),
    method: request.method.slice(0, 10),
    requestUri: loggedUri(request.url),
    userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null,
    remoteIp: request.ip,
    params: loggedParams(request.query),
  };
}

/**
 * Records every /api call in the api log (unless SSO_API_LOG=false) and every request that failed
 * with a 500 in the error log, through the batched recorder; purges old rows daily; writes what
 * is queued when the server closes.
 */
export function registerApiLog(app: FastifyInstance, ctx: AppContext): void {
  const logs = ctx.logs;
  logs.log = app.log;
  const recordCalls = ctx.config.SSO_API_LOG === 'true';
  app.addHook('onError', async (request, _reply, error) => {
    failures.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const error = failures.get(request);
    if (!recordCalls && !(error && reply.statusCode >= 500)) return;
    const fields = requestFields(request);
    if (recordCalls) {
      logs.api({
        ...fields,
        title: (request.routeOptions.schema?.summary as string | undefined)?.slice(0, 255),
        methodName: request.routeOptions.url?.slice(0, 255),
        time: Math.round(reply.elapsedTime),
        resultCode: reply.statusCode,
      });
    }
    if (error && reply.statusCode >= 500) logs.error({ ...fields, error });
  });
  logs.start();
  const stopPurge = scheduleLogPurge(ctx);
  app.addHook('onClose', async () => {
    await stopPurge();
    await logs.close();
  });
}
