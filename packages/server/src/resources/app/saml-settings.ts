import { X509Certificate } from 'node:crypto';
import { appMessages, badRequest } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { samlEntityIdTaken } from '../../apps/saml-apps.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { importSpMetadata, parseSpMetadata } from '../../saml/metadata-import.js';

type Row = Record<string, unknown>;

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * A saml application's service provider settings. Pasted metadata, or a metadata address given
 * (or changed), fetched through the outbound guard, fills what the form left empty: the entity ID, the
 * assertion consumer services (the registered addresses), the certificate, the logout address.
 * Then: the entity ID is required and unique among the tenant's saml applications (a request
 * names its application by it), a certificate must parse, and encryption needs one.
 */
export async function samlSettings(input: {
  ctx: AppContext;
  values: Row;
  existing: Row | undefined;
  tenantId: string;
  trx: Kysely<Database>;
}) {
  const { ctx, values, existing, tenantId, trx } = input;
  const fill = (imported: Row) => {
    const merged = { ...existing, ...values };
    for (const [field, value] of Object.entries(imported)) if (value && !filled(merged[field])) values[field] = value;
  };
  const pasted = values.samlMetadataXml;
  if (filled(pasted) && pasted !== existing?.samlMetadataXml) {
    const imported = parseSpMetadata(String(pasted));
    if (!imported) throw badRequest(appMessages.say.samlMetadataUnreadable);
    fill({ ...imported });
  }
  const url = values.samlMetadataUrl;
  if (filled(url) && url !== existing?.samlMetadataUrl) fill({ ...(await importSpMetadata(ctx, tenantId, String(url), trx)) });
  const merged = { ...existing, ...values };
  const entityId = merged.samlEntityId;
  if (!filled(entityId)) throw badRequest(appMessages.say.samlEntityIdRequired);
  if (await samlEntityIdTaken(trx, tenantId, String(entityId), existing?.id ? String(existing.id) : undefined)) {
    throw badRequest(appMessages.say.samlEntityIdTaken);
  }
  const certificate = merged.samlSpCertificate;
  if (filled(certificate)) {
    try {
      new X509Certificate(String(certificate));
    } catch {
      throw badRequest(appMessages.say.samlSpCertificate);
    }
  }
  if (Number(merged.samlEncryptAssertion ?? 0) === 1 && !filled(certificate)) throw badRequest(appMessages.say.samlEncryptNeedsCertificate);
}
