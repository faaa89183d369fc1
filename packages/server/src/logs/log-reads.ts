import { allEntries, PLATFORM_ROLES } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { AUDIT_LOG_MENUS } from '../db/seed-data/platform-roles.js';
import { callerWithOrigin } from './security-events.js';

/**
 * 三员分立: the audit administrator's own reading is recorded where the others read it. Every
 * read of a log (the log screens' lists, details and exports, the chain verification) answered
 * to a holder of `audit_admin` writes the security event `log.read` to the usual log, before the
 * answer goes, so the system and security administrators see who read which log when.
 */
const LOG_PATHS: readonly string[] = allEntries
  .filter((entry) => AUDIT_LOG_MENUS.includes(entry.permission))
  .map((entry) => `${entry.basePath}/`);

const AUDIT_ALIAS = PLATFORM_ROLES.audit.alias;

export function registerLogReadAudit(app: FastifyInstance, ctx: AppContext): void {
  // A plain (not async) hook: no promise for the requests that are no audit administrator's log read.
  app.addHook('onSend', (request, reply, payload, done) => {
    const caller = request.caller;
    const path = request.method === 'GET' && reply.statusCode < 400 && caller ? (request.url.split('?')[0] ?? '') : '';
    if (!path || !caller?.role_name.split(',').includes(AUDIT_ALIAS) || !LOG_PATHS.some((prefix) => path.startsWith(prefix))) {
      done(null, payload);
      return;
    }
    const actor = callerWithOrigin(request);
    ctx.audit.record({ type: 'log.read', ...(actor ? { actor } : {}), targets: [{ kind: 'log', name: path.slice(0, 100) }] }).then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
}
