import type * as Samlify from 'samlify';
import { onFirstUse } from '../kernel/on-first-use.js';

/** samlify (with its XML, XPath and signature libraries), loaded by the first SAML message or metadata. */
export const samlify = onFirstUse<typeof Samlify>('samlify');

import type { SamlApp } from '../apps/saml-apps.js';
import type { SamlKeys } from './keys.js';

/** The HTTP-Redirect and HTTP-POST binding names. */
export const bindings = () => samlify().Constants.namespace.binding;

/** NameID formats by the names the catalogue keeps. */
export function nameIdFormats(): Record<string, string> {
  const { format } = samlify().Constants.namespace;
  return { persistent: format.persistent, email: format.emailAddress, unspecified: format.unspecified };
}

/** The schema validator (libxml2 in WebAssembly), loaded with samlify. Its package ships no type declarations: its one function, as documented. */
const schemaValidator = onFirstUse<{ validate: (xml: string) => Promise<boolean> }>('@authenio/samlify-xmllint-wasm');

let validatorSet = false;

/**
 * Every message a service provider sends is checked against the SAML schemas (libxml2 compiled
 * to WebAssembly: no Java, no network, no file access) before it is read.
 */
function ensureSchemaValidator(): void {
  if (validatorSet) return;
  samlify().setSchemaValidator({ validate: schemaValidator().validate });
  validatorSet = true;
}

/** The identity provider's addresses for a tenant: its entity ID is the metadata address. */
export function idpAddresses(origin: string, tenantId: string) {
  const base = `${origin}/saml/${encodeURIComponent(tenantId)}`;
  return { entityId: `${base}/metadata`, sso: `${base}/sso`, slo: `${base}/slo` };
}

export interface IdpOptions {
  origin: string;
  tenantId: string;
  keys: SamlKeys;
  /** The application the identity provider answers, when there is one: what it signs and encrypts. */
  app?: SamlApp;
}

/** The tenant's identity provider as samlify builds and checks messages with it. */
export function identityProvider({ origin, tenantId, keys, app }: IdpOptions) {
  ensureSchemaValidator();
  const where = idpAddresses(origin, tenantId);
  const BINDING = bindings();
  return samlify().IdentityProvider({
    entityID: where.entityId,
    signingCert: keys.next ? [keys.current.certificate, keys.next.certificate] : keys.current.certificate,
    privateKey: keys.current.privateKey,
    // What a service provider sends is verified whenever its certificate is known.
    wantAuthnRequestsSigned: Boolean(app?.samlSpCertificate),
    wantLogoutRequestSigned: Boolean(app?.samlSpCertificate),
    wantLogoutResponseSigned: Boolean(app?.samlSpCertificate),
    isAssertionEncrypted: Boolean(app?.samlEncryptAssertion && app.samlSpCertificate),
    nameIDFormat: Object.values(nameIdFormats()),
    requestSignatureAlgorithm: samlify().Constants.algorithms.signature.RSA_SHA256,
    singleSignOnService: [
      { Binding: BINDING.redirect, Location: where.sso },
      { Binding: BINDING.post, Location: where.sso },
    ],
    singleLogoutService: [
      { Binding: BINDING.redirect, Location: where.slo },
      { Binding: BINDING.post, Location: where.slo },
    ],
    // A response's own window is set by the response builder; incoming messages may lag by this much.
    clockDrifts: [-CLOCK_SKEW_MS, CLOCK_SKEW_MS],
  } as Parameters<typeof Samlify.IdentityProvider>[0]);
}

/** How far the clocks of the platform and of a service provider may disagree. */
export const CLOCK_SKEW_MS = 3 * 60_000;

/**
 * The application's service provider, with the one assertion consumer service address a response
 * is about to go to (checked by the caller to be one of the application's registered ones).
 */
export function serviceProvider(app: SamlApp, acsUrl?: string) {
  const signing = app.samlSigning ?? 'both';
  const certificate = app.samlSpCertificate || undefined;
  const BINDING = bindings();
  const formats = nameIdFormats();
  return samlify().ServiceProvider({
    entityID: app.samlEntityId,
    assertionConsumerService: acsUrl ? [{ Binding: BINDING.post, Location: acsUrl }] : [],
    singleLogoutService: app.samlLogoutUrl
      ? [
          { Binding: BINDING.redirect, Location: app.samlLogoutUrl },
          { Binding: BINDING.post, Location: app.samlLogoutUrl },
        ]
      : [],
    ...(certificate ? { signingCert: certificate, encryptCert: certificate } : {}),
    authnRequestsSigned: Boolean(certificate),
    wantAssertionsSigned: signing !== 'response',
    wantMessageSigned: signing !== 'assertion',
    // Everything the identity provider sends a service provider is signed.
    wantLogoutRequestSigned: true,
    wantLogoutResponseSigned: true,
    nameIDFormat: [formats[app.samlNameIdFormat ?? 'persistent'] ?? formats.persistent],
  } as Parameters<typeof Samlify.ServiceProvider>[0]);
}
