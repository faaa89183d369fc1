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
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode >= 400 || !request.caller) return payload;
    if (!request.caller.role_name.split(',').includes(AUDIT_ALIAS)) return payload;
    const path = request.url.split('?')[0] ?? '';
    const log = LOG_PATHS.find((prefix) => path.startsWith(prefix));
    if (!log) return payload;
    const actor = callerWithOrigin(request);
    await ctx.audit.record({ type: 'log.read', ...(actor ? { actor } : {}), targets: [{ kind: 'log', name: path.slice(0, 100) }] });
    return payload;
  });
}
