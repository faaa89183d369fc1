import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ErrorLogLimit } from './error-log-limit.js';
import { type ApiCall, callShape, captureRequest } from './log-rows.js';
import { scheduleLogPurge } from './retention.js';

/** Errors that ended a request, kept until its response is logged. */
const failures = new WeakMap<FastifyRequest, Error>();

/** The route's title and pattern: asked for once per URL (see callShape). */
const routeOf = (request: FastifyRequest) => {
  const route = request.routeOptions; // a getter that builds an object
  return { title: route.schema?.summary as string | undefined, url: route.url };
};

/** An /api call as the api log needs it, in one object (this runs on every request). */
function captureCall(request: FastifyRequest, reply: FastifyReply): ApiCall {
  return {
    method: request.method,
    shape: callShape(request.method, request.url, request.query, () => routeOf(request)),
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    tenantHeader: request.headers['tenant-id'],
    caller: request.caller,
    elapsedMs: reply.elapsedTime,
    status: reply.statusCode,
  };
}

/**
 * Records every /api call in the api log (unless SSO_API_LOG=false) and every request that failed
 * with a 500 in the error log (those without a signed-in caller capped per address), through the
 * batched recorder; purges old rows daily; writes what
 * is queued when the server closes.
 */
export function registerApiLog(app: FastifyInstance, ctx: AppContext): void {
  const logs = ctx.logs;
  logs.log = app.log;
  const recordCalls = ctx.config.SSO_API_LOG === 'true';
  const errorLimit = new ErrorLogLimit();
  app.addHook('onError', (request, _reply, error, done) => {
    failures.set(request, error);
    done();
  });
  // A plain (not async) hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      const error = reply.statusCode >= 500 ? failures.get(request) : undefined;
      if (recordCalls) logs.api(captureCall(request, reply));
      if (error && (request.caller || errorLimit.allow(request.ip))) logs.error(captureRequest(request), error);
      else if (error && errorLimit.firstDrop(request.ip)) {
        request.log.warn({ ip: request.ip, dropped: errorLimit.dropped }, 'error-log entries of anonymous requests dropped');
      }
    }
    done();
  });
  logs.start();
  const stopPurge = scheduleLogPurge(ctx);
  app.addHook('onClose', async () => {
    await stopPurge();
    await logs.close();
  });
}
