import { defineMessages } from './messages.js';

/**
 * Signing in with the directory password: a user linked to an LDAP / Active Directory source
 * proves the password by binding to the directory as themself. A directory can check only the
 * password itself, never the md5 digest BladeX clients send, so such a user signs in where the
 * client sends the password sealed with the platform's SM2 key (the platform's own sign-in page,
 * SpringBlade clients, `sso login`).
 */
export const directoryPasswordMessages = defineMessages('directoryPassword', {
  sealedPasswordNeeded: [
    '该账号使用目录（LDAP）密码，请在统一认证平台的登录页登录',
    'This account signs in with its directory (LDAP) password: sign in on the platform sign-in page',
  ],
  changeInDirectory: [
    '该账号的密码由目录（LDAP）管理，请在目录中修改',
    'The directory (LDAP) keeps the password of this account: change it there',
  ],
  directoryUnreachable: [
    '目录服务器暂时无法验证密码，请稍后重试',
    'The directory server cannot check the password right now, try again shortly',
  ],
});

/** Where a client reads the SM2 public key to seal a password with (uncompressed hex, `04…`, in the envelope). */
export const SM2_PUBLIC_KEY_PATH = '/api/blade-auth/sm2/public-key';
