import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPENSSL } from './tls-proxy.testkit.js';
import { PROTECTED_PATH, WHOAMI_FILE } from './whoami.testkit.js';

/** mod_auth_mellon's session cookie (its default name). */
export const SESSION_COOKIE = 'mellon-cookie';
/** Where mod_auth_mellon answers: its metadata, the assertion consumer service, the logout. */
export const ENDPOINT_PATH = '/mellon';

/** The files of the service provider under Apache's ServerRoot: its key, its certificate, the identity provider's metadata. */
export const SP_KEY_FILE = 'mellon/sp.key';
export const SP_CERT_FILE = 'mellon/sp.crt';
export const IDP_METADATA_FILE = 'mellon/idp-metadata.xml';

/** A key pair and self-signed certificate for the service provider, made with openssl. */
export function serviceProviderKeys(): { key: string; certificate: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sso-mellon-keys-'));
  try {
    const key = join(dir, 'sp.key');
    const cert = join(dir, 'sp.crt');
    execFileSync(
      OPENSSL,
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=mellon-sp'],
      {
        stdio: 'ignore',
      },
    );
    return { key: readFileSync(key, 'utf8'), certificate: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The Apache configuration of the SAML application: mod_auth_mellon as the service provider of the
 * platform's identity provider (its metadata saved beside), the NameID as the user, every
 * attribute handed to the CGI as MELLON_<name> (several values joined with ';'), single logout at
 * /mellon/logout (SOAP from the platform, HTTP-Redirect from the browser).
 */
export function mellonSiteConfig(root: string): string {
  return `
LogLevel warn auth_mellon:debug
MellonCacheSize 100
# mod_auth_mellon marks its cookie SameSite=None, which a browser drops over plain HTTP (it needs
# Secure); without the attribute it is Lax, and the platform and the application share the site
# 127.0.0.1, so it still comes back with the response's POST.
SetEnv MELLON_DISABLE_SAMESITE 1
ScriptAlias ${PROTECTED_PATH} ${join(root, WHOAMI_FILE)}
<Location />
  MellonEnable info
  MellonEndpointPath ${ENDPOINT_PATH}
  MellonSPPrivateKeyFile ${join(root, SP_KEY_FILE)}
  MellonSPCertFile ${join(root, SP_CERT_FILE)}
  MellonIdPMetadataFile ${join(root, IDP_METADATA_FILE)}
  MellonSecureCookie Off
  MellonUser NAME_ID
  MellonMergeEnvVars On
</Location>
<Location /secure/>
  AuthType Mellon
  MellonEnable auth
  Require valid-user
</Location>`;
}
