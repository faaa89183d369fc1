import { appMessages, badRequest } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { samlify } from './entities.js';

/** What a service provider's metadata gives the application's settings. */
export interface ImportedSpMetadata {
  samlEntityId: string;
  /** Its HTTP-POST assertion consumer services, comma-joined (the application's registered addresses). */
  redirectUris: string;
  samlSpCertificate?: string;
  /** Its single logout service, the SOAP one first (the platform tells it of a logout from the server). */
  samlLogoutUrl?: string;
}

const SOAP = 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP';
/** Metadata is small: a bigger answer is not a service provider's metadata. */
const MAX_METADATA_BYTES = 256 * 1024;
const ANSWER_WITHIN_MS = 10_000;

interface Endpoint {
  binding?: string;
  location?: string;
}
const list = (value: unknown): Endpoint[] => (Array.isArray(value) ? value : value ? [value] : []) as Endpoint[];

const toPem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END CERTIFICATE-----`;

/** Reads an SP's metadata document; undefined when it is not one (a DTD, which SAML never has, is refused). */
export function parseSpMetadata(xml: string): ImportedSpMetadata | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return undefined;
  try {
    const meta = samlify().SPMetadata(xml);
    const entityId = meta.getEntityID();
    if (typeof entityId !== 'string' || !entityId) return undefined;
    const raw = (meta as unknown as { meta: { assertionConsumerService?: unknown; singleLogoutService?: unknown } }).meta;
    const acs = list(raw.assertionConsumerService)
      .filter((endpoint) => endpoint.binding === samlify().Constants.namespace.binding.post && endpoint.location)
      .map((endpoint) => endpoint.location as string);
    const logout = list(raw.singleLogoutService);
    const logoutUrl = (logout.find((endpoint) => endpoint.binding === SOAP) ?? logout.find((endpoint) => endpoint.location))?.location;
    const signing = meta.getX509Certificate('signing') as string | string[] | null;
    const certificate = Array.isArray(signing) ? signing[0] : signing;
    return {
      samlEntityId: entityId,
      redirectUris: acs.join(','),
      ...(certificate ? { samlSpCertificate: toPem(certificate) } : {}),
      ...(logoutUrl ? { samlLogoutUrl: logoutUrl } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Fetches a service provider's metadata through the platform's outbound guard, as the tenant that
 * saves the application (checked first with the caller's transaction), and reads it. A metadata
 * address that cannot be reached or does not answer metadata is a 400 naming the problem.
 */
export async function importSpMetadata(ctx: AppContext, tenantId: string, url: string, trx: Kysely<Database>): Promise<ImportedSpMetadata> {
  await ctx.outbound.check(tenantId, url, { db: trx });
  let text: string;
  try {
    const response = await ctx.outbound.fetchFor(tenantId, { db: trx })(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    text = await response.text();
    if (!response.ok || text.length > MAX_METADATA_BYTES) throw new Error(`status ${response.status}`);
  } catch {
    throw badRequest(appMessages.say.samlMetadataUnreadable);
  }
  const imported = parseSpMetadata(text);
  if (!imported) throw badRequest(appMessages.say.samlMetadataUnreadable);
  return imported;
}
