import { sm2 } from 'sm-crypto';

/**
 * Seals a password under the platform's SM2 public key (C1C3C2, as SpringBlade clients do), so
 * the server receives the password itself, unreadable on the way: a user synced from an LDAP
 * directory needs it, as a directory checks the password and never its md5 digest.
 */
export const sealPassword = (password: string, publicKey: string) => `04${sm2.doEncrypt(password, publicKey, 1)}`;
