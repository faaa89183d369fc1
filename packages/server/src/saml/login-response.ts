import { randomUUID } from 'node:crypto';
import type * as Samlify from 'samlify';
import type { SamlApp } from '../apps/saml-apps.js';
import type { SamlSubject } from './attributes.js';
import { samlify, serviceProvider } from './entities.js';

/** An assertion is good for this long after it is issued: the browser posts it straight on. */
export const ASSERTION_LIFETIME_MS = 2 * 60_000;

const PASSWORD_PROTECTED = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const BASIC_NAME_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

export interface LoginResponseInput {
  idp: ReturnType<typeof Samlify.IdentityProvider>;
  app: SamlApp;
  acsUrl: string;
  subject: SamlSubject;
  /** The AuthnRequest answered; none for an IdP-initiated (unsolicited) response. */
  inResponseTo?: string;
  /** Names this sign-on in a later LogoutRequest. */
  sessionIndex: string;
  relayState?: string;
}

const tag = (name: string) => `{${name}}`;

/**
 * The response template: samlify's shape with an authentication statement (its session index is
 * what single logout names) and one attribute per name with each of its values. Every `{Tag}` is
 * filled by samlify's replaceTagsByValue, which escapes the values; signing and encryption are
 * samlify's, driven by the application's settings.
 */
function template(subject: SamlSubject, values: Record<string, string>): string {
  const attributes = Object.entries(subject.attributes)
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => {
      const items = list
        .map((value, index) => {
          const key = `Attr_${name}_${index}`;
          values[key] = value;
          return `<saml:AttributeValue xsi:type="xs:string">${tag(key)}</saml:AttributeValue>`;
        })
        .join('');
      return `<saml:Attribute Name="${name}" NameFormat="${BASIC_NAME_FORMAT}">${items}</saml:Attribute>`;
    })
    .join('');
  return [
    '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"',
    ' ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">',
    '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>',
    '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema"',
    ' ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer>',
    '<saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID>',
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">',
    '<saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Destination}" InResponseTo="{InResponseTo}"/>',
    '</saml:SubjectConfirmation></saml:Subject>',
    '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction>',
    '<saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>',
    '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext>',
    `<saml:AuthnContextClassRef>${PASSWORD_PROTECTED}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
    attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '',
    '</saml:Assertion></samlp:Response>',
  ].join('');
}

/**
 * A signed (and, when the application asks, encrypted) SAML response for the HTTP-POST binding:
 * the base64 `SAMLResponse` the browser posts to the assertion consumer service. The assertion is
 * valid from now (less the allowed skew at the other end) for ASSERTION_LIFETIME_MS, for this
 * application's entity ID alone, at this address alone.
 */
export async function loginResponse(input: LoginResponseInput): Promise<string> {
  const { idp, app, acsUrl, subject } = input;
  const sp = serviceProvider(app, acsUrl);
  const now = new Date();
  const values: Record<string, string | undefined> = {
    ID: `_${randomUUID()}`,
    AssertionID: `_${randomUUID()}`,
    IssueInstant: now.toISOString(),
    NotBefore: now.toISOString(),
    NotOnOrAfter: new Date(now.getTime() + ASSERTION_LIFETIME_MS).toISOString(),
    Destination: acsUrl,
    InResponseTo: input.inResponseTo,
    Issuer: idp.entityMeta.getEntityID(),
    StatusCode: samlify().Constants.StatusCode.Success,
    NameIDFormat: subject.nameIdFormat,
    NameID: subject.nameId,
    Audience: app.samlEntityId,
    SessionIndex: input.sessionIndex,
  };
  const xml = template(subject, values as Record<string, string>);
  const encrypted = Boolean(app.samlEncryptAssertion && app.samlSpCertificate);
  const built = await idp.createLoginResponse(sp, {} as never, 'post', {}, {
    customTagReplacement: () => ({ id: values.ID as string, context: samlify().SamlLib.replaceTagsByValue(xml, values) }),
    // Encrypting after signing the assertion and before signing the response keeps both signatures valid.
    encryptThenSign: encrypted,
    relayState: input.relayState,
  } as never);
  return built.context;
}
