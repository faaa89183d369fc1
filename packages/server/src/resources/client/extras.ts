import { client } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { hashClientSecret } from '../../kernel/client-secret.js';
import { assertNotOwnClient, newClientSecret } from './rules.js';

/**
 * Extras of `client`: a new secret, answered once; the old one stops working at once (the
 * resource's afterChange drops the cached clients).
 */
export const clientExtraHandlers = defineExtraHandlers(client, {
  regenerateSecret: async ({ repo, caller: who, query }) => {
    const clientSecret = newClientSecret();
    const [row] = await repo.change(who, [query.id], {
      check: ([client]) => assertNotOwnClient(who, String(client?.clientId)),
      set: { clientSecret: hashClientSecret(clientSecret) },
      event: ([client]) => ({
        type: 'client.secret-regenerate',
        actor: who,
        targets: [{ kind: 'client', id: String(client?.id), name: String(client?.clientId) }],
      }),
    });
    return { id: String(row?.id), clientId: String(row?.clientId), clientSecret };
  },
});
