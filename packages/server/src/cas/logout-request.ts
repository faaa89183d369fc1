import { randomUUID } from 'node:crypto';
import { escapeXml } from './cas-xml.js';

/**
 * The SAML 2.0 LogoutRequest of CAS single logout (CAS 3.0 §2.3.3), as CAS clients parse it:
 * the user the ticket named as NameID and the service ticket as SessionIndex, which is how a
 * client finds the application session to end.
 */
export function logoutRequestXml(signOn: { ticket: string; principal: string }, issuedAt = new Date()): string {
  const instant = issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
    ` ID="LR-${randomUUID()}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:NameID>${escapeXml(signOn.principal)}</saml:NameID>` +
    `<samlp:SessionIndex>${escapeXml(signOn.ticket)}</samlp:SessionIndex>` +
    '</samlp:LogoutRequest>'
  );
}
