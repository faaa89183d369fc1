import { randomBytes } from 'node:crypto';
import { badRequest, defineMessages } from '@sso/shared-api';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { hashClientSecret } from '../../kernel/client-secret.js';

export const clientRuleMessages = defineMessages('clientRule', {
  inUse: [
    '当前登录所用的客户端不可删除、禁用、改名或重置密钥',
    'The client you are signed in with cannot be removed, disabled, renamed or given a new secret',
  ],
});

/** A new client secret: 192 random bits, URL-safe. */
export const newClientSecret = () => randomBytes(24).toString('base64url');

/** Changing the client of one's own session would end it at the next refresh: refused. */
export function assertNotOwnClient(caller: Caller, clientId: unknown): void {
  if (clientId === caller.client_id) throw badRequest(clientRuleMessages.say.inUse);
}

/**
 * OAuth clients: the secret is generated here on insert, answered once and stored hashed; the
 * token endpoint's client cache is dropped after every change so sign-in sees it at once.
 */
export const clientRules: ResourceRules = {
  async beforeSave({ caller, values, existing }) {
    if (existing) {
      const renamed = values.clientId !== undefined && values.clientId !== existing.clientId;
      if (renamed || values.status === 0) assertNotOwnClient(caller, existing.clientId);
      return;
    }
    const secret = newClientSecret();
    values.clientSecret = hashClientSecret(secret);
    return { reveal: { clientSecret: secret } };
  },

  async beforeRemove({ caller, rows }) {
    for (const row of rows) assertNotOwnClient(caller, row.clientId);
  },

  afterChange(ctx) {
    ctx.clients.clear();
  },
};
