import { badRequest, client, zh } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { hashClientSecret } from '../../kernel/client-secret.js';
import { live } from '../../kernel/live-rows.js';
import { assertNotOwnClient, newClientSecret } from './rules.js';

/** Extras of `client`: a new secret, answered once; the old one stops working at once. */
export const clientExtraHandlers = defineExtraHandlers(client, {
  regenerateSecret: async ({ ctx, caller: who, query }) => {
    const row = await ctx.db
      .selectFrom('blade_client')
      .select(['id', 'clientId'])
      .where('id', '=', query.id)
      .$call(live())
      .executeTakeFirst();
    if (!row) throw badRequest(zh('recordMissing'));
    assertNotOwnClient(who, row.clientId);
    const clientSecret = newClientSecret();
    await ctx.db
      .updateTable('blade_client')
      .set({ clientSecret: hashClientSecret(clientSecret), updateUser: who.user_id, updateTime: new Date() })
      .where('id', '=', row.id)
      .execute();
    await ctx.audit.record({ type: 'client.secret-regenerate', actor: who, targets: [{ kind: 'client', id: row.id, name: row.clientId }] });
    ctx.cache.invalidate('blade_client');
    ctx.clients.clear();
    return { id: row.id, clientId: row.clientId, clientSecret };
  },
});
