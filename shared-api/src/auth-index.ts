import './zod-setup.js';
import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

// Messages of generic checks (types, sizes) in Chinese, the product's default language.
z.config(zhCN());

// The sign-in part of the package (`@sso/shared-api/auth`): contracts, envelope, transport and
// the AuthClient, without the resource registry, so that a page importing only these stays small.
export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './digest.js';
export * from './directory-password.js';
export * from './envelope.js';
export * from './lockout.js';
export * from './login-options.js';
export * from './messages.js';
export * from './oidc-contract.js';
export * from './passkeys.js';
export * from './redirect.js';
export * from './redirect-contract.js';
export * from './sdk/auth-client.js';
export * from './sdk/transport.js';
export * from './sign-in-methods.js';
export * from './sign-on-paths.js';
export * from './stored-wordings.js';
