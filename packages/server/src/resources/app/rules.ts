import { type AppProtocol, appMessages, badRequest, oidcCodeTaken, say, splitRedirectUris } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { refuseTakenCasService } from '../../apps/cas-services.js';
import { newClientSecret } from '../../apps/client-credentials.js';
import { oidcCodeTakenElsewhere } from '../../apps/oidc-apps.js';
import type { Database } from '../../db/schema.js';
import { namePinyin } from '../../domain/app-pinyin.js';
import type { ResourceRules } from '../../engine/types.js';
import { hashClientSecret } from '../../kernel/client-secret.js';
import { live } from '../../kernel/live-rows.js';
import { samlSettings } from './saml-settings.js';

/** Protocols that send something back to the application: they need a registered redirect URI. */
const REDIRECTING: readonly AppProtocol[] = ['oidc', 'cas', 'saml', 'token'];

/**
 * The catalogue: names are indexed by pinyin when saved; an application that signs users on
 * needs a registered redirect URI and a link application its address; the owner must be a user
 * of the tenant; an `oidc` application's code is unique across tenants. An `oidc` application gets a client secret when it is created (or becomes oidc
 * without one), answered once and stored hashed.
 */
export const appRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    if (typeof values.appName === 'string') Object.assign(values, namePinyin(values.appName));
    const protocol = { ...existing, ...values }.protocol as AppProtocol;
    const tenantOf = () => String(existing?.tenantId ?? values.tenantId ?? caller.tenant_id);
    if (protocol === 'saml') await samlSettings({ ctx, values, existing, tenantId: tenantOf(), trx: trx as Kysely<Database> });
    const merged = { ...existing, ...values };
    if (REDIRECTING.includes(protocol) && splitRedirectUris(merged.redirectUris as string | null).length === 0) {
      throw badRequest(appMessages.say.redirectUrisRequired);
    }
    if (protocol === 'link' && !merged.appUrl) throw badRequest(appMessages.say.appUrlRequired);
    // The back-channel logout address is called by the server: the application's own tenant must be allowed to reach it.
    if (values.backchannelLogoutUri) {
      const tenantId = String(merged.tenantId ?? caller.tenant_id);
      await ctx.outbound.check(tenantId, String(values.backchannelLogoutUri), { db: trx as Kysely<Database> });
    }
    await refuseTakenCasService(trx, merged, String(existing?.tenantId ?? caller.tenant_id));
    // An oidc application's code is its client id on the platform's one issuer: unique across tenants.
    if (protocol === 'oidc' && (await oidcCodeTakenElsewhere(trx, String(merged.appCode), String(merged.tenantId ?? caller.tenant_id)))) {
      throw badRequest(oidcCodeTaken(String(merged.appCode)));
    }
    if (values.ownerId) {
      const owner = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('id', '=', values.ownerId)
        .$call(live(caller.tenant_id))
        .executeTakeFirst();
      if (!owner) throw badRequest(say('recordMissing'));
    }
    // oidc clients and token applications (which exchange hand-off codes) authenticate with a secret.
    if ((protocol === 'oidc' || protocol === 'token') && !existing?.clientSecret) {
      const clientSecret = newClientSecret();
      values.clientSecret = hashClientSecret(clientSecret);
      return { reveal: { clientSecret } };
    }
  },
};
