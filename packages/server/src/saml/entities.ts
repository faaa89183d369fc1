import { createRequire } from 'node:module';
import * as samlifyExports from 'samlify';

/**
 * samlify is CommonJS: under Node's ESM loader the exports it defines by getters (Utility, SamlLib,
 * SPMetadata…) show only on the default export, which is the whole module; bundlers and the test
 * runner show them on the namespace as well. Either way, this is the module.
 */
const samlify = (samlifyExports as unknown as { default?: typeof samlifyExports }).default ?? samlifyExports;

import type { SamlApp } from '../apps/saml-apps.js';
import type { SamlKeys } from './keys.js';

const { Constants } = samlify;
const BINDING = Constants.namespace.binding;

/** NameID formats by the names the catalogue keeps. */
export const NAME_ID_FORMATS: Record<string, string> = {
  persistent: Constants.namespace.format.persistent,
  email: Constants.namespace.format.emailAddress,
  unspecified: Constants.namespace.format.unspecified,
};

/** The schema validator package ships no type declarations: its one function, as documented. */
const { validate } = createRequire(import.meta.url)('@authenio/samlify-xmllint-wasm') as { validate: (xml: string) => Promise<boolean> };

let validatorSet = false;

/**
 * Every message a service provider sends is checked against the SAML schemas (libxml2 compiled
 * to WebAssembly: no Java, no network, no file access) before it is read.
 */
function ensureSchemaValidator(): void {
  if (validatorSet) return;
  samlify.setSchemaValidator({ validate });
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
  return samlify.IdentityProvider({
    entityID: where.entityId,
    signingCert: keys.next ? [keys.current.certificate, keys.next.certificate] : keys.current.certificate,
    privateKey: keys.current.privateKey,
    // What a service provider sends is verified whenever its certificate is known.
    wantAuthnRequestsSigned: Boolean(app?.samlSpCertificate),
    wantLogoutRequestSigned: Boolean(app?.samlSpCertificate),
    wantLogoutResponseSigned: Boolean(app?.samlSpCertificate),
    isAssertionEncrypted: Boolean(app?.samlEncryptAssertion && app.samlSpCertificate),
    nameIDFormat: Object.values(NAME_ID_FORMATS),
    requestSignatureAlgorithm: Constants.algorithms.signature.RSA_SHA256,
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
  } as Parameters<typeof samlify.IdentityProvider>[0]);
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
  return samlify.ServiceProvider({
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
    nameIDFormat: [NAME_ID_FORMATS[app.samlNameIdFormat ?? 'persistent'] ?? NAME_ID_FORMATS.persistent],
  } as Parameters<typeof samlify.ServiceProvider>[0]);
}

export { BINDING, samlify };
