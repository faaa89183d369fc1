import { APP_DOWNLOAD_PATH, idString, appManageMessages as m, refusedWith } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { countToday } from './daily-counts.js';
import { addressBudget } from './rate.js';
import { releasedVersion } from './versions.js';

/** Downloads one address may start per minute. */
const DOWNLOADS_PER_MINUTE = 30;

/**
 * GET /api/blade-appmanage/appversionmanage/download?id= (public, the link `lastest` answers and
 * a QR code carries): records the download of a released version, then redirects to its package
 * (a signed link for a private object). Unreleased and removed versions answer 404.
 */
export function registerAppDownloadRoute(root: FastifyInstance, ctx: AppContext): void {
  root.withTypeProvider<ZodTypeProvider>().get(
    APP_DOWNLOAD_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['blade-appmanage'],
        summary: 'Download the package of a released version: records the download, then 302 to the package; per-address rate limit',
        querystring: z.object({ id: z.string(m.say.versionMissing).pipe(idString) }),
      },
    },
    async (request, reply) => {
      const budget = addressBudget(ctx, 'download', DOWNLOADS_PER_MINUTE).take(request.ip);
      if (!budget.allowed) {
        reply.header('retry-after', String(budget.retryAfterSeconds));
        throw refusedWith(429, m.say.tooManyDownloads);
      }
      const version = await releasedVersion(ctx, request.query.id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('blade_app_download_record')
          .values({
            id: ctx.ids.next(),
            tenantId: version.tenantId,
            appId: version.appId,
            versionId: version.id,
            appType: version.appType,
            versionName: version.versionName,
            downloadIp: request.ip.slice(0, 64),
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
          })
          .execute();
        await countToday(trx, version.tenantId, version.appId, [['download', String(version.appType)]]);
      });
      const target = await ctx.storage.links.present(String(version.packageLink), version.tenantId);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
