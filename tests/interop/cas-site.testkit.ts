import { join } from 'node:path';
import { PROTECTED_PATH, SIGNED_OUT_PATH, WHOAMI_FILE } from './whoami.testkit.js';

/** mod_auth_cas's session cookie (its default name). */
export const SESSION_COOKIE = 'MOD_AUTH_CAS';
/** Where mod_auth_cas keeps its sessions, under the ServerRoot; written by the worker user. */
export const CACHE_DIR = 'cas-cache';

/** The addresses to register for the application at `origin`: the protected area, and where a logout may return. */
export const registeredUris = (origin: string) => [`${origin}/secure/`, `${origin}${SIGNED_OUT_PATH}`];

export interface CasSite {
  /** The platform's own origin, where the browser signs in (/cas/login). */
  platformOrigin: string;
  /** The HTTPS origin the module validates tickets at, and the certificate to trust there. */
  validationOrigin: string;
  certificateFile: string;
}

/**
 * The Apache configuration of the CAS application: sign-in at the platform's /cas/login, tickets
 * validated at /cas/p3/serviceValidate over HTTPS (mod_auth_cas validates over HTTPS only),
 * the user and the attributes handed to the CGI as CAS-* request headers, and single sign-out
 * (the platform's logout requests POSTed to the service) honoured.
 */
export function casSiteConfig(root: string, site: CasSite): string {
  return `
LogLevel warn auth_cas:debug
CASDebug On
CASCookiePath ${join(root, CACHE_DIR)}/
CASLoginURL ${site.platformOrigin}/cas/login
CASValidateURL ${site.validationOrigin}/cas/p3/serviceValidate
CASCertificatePath ${site.certificateFile}
CASVersion 2
CASAttributePrefix CAS-
CASSSOEnabled On
ScriptAlias ${PROTECTED_PATH} ${join(root, WHOAMI_FILE)}
<Location /secure/>
  AuthType CAS
  CASAuthNHeader CAS-User
  Require valid-user
</Location>`;
}
