/**
 * Seals a password under the platform's SM2 public key (C1C3C2, as SpringBlade clients do), so
 * the server receives the password itself, unreadable on the way: a user synced from an LDAP
 * directory needs it, as a directory checks the password and never its md5 digest. The cipher
 * is loaded when someone signs in, not with the page.
 */
export async function sealPassword(password: string, publicKey: string): Promise<string> {
  const { sm2 } = await import('sm-crypto');
  return `04${sm2.doEncrypt(password, publicKey, 1)}`;
}
