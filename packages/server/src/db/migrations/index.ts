import type { Kysely } from 'kysely';
import type { Notify } from '../migration-notices.js';
import * as core from './0001-core.js';
import * as identity from './0002-identity.js';
import * as menusRegions from './0005-menus-regions.js';
import * as tenants from './0006-tenants.js';
import * as logs from './0007-logs.js';
import * as resources from './0008-resources.js';
import * as logOrder from './0009-log-order.js';
import * as sessionTenant from './0010-session-tenant.js';
import * as lockoutAccounts from './0011-lockout-accounts.js';
import * as captcha from './0013-captcha.js';
import * as menuEnglishNames from './0014-menu-english-names.js';
import * as applications from './0015-applications.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Kysely<unknown>, notify?: Notify): Promise<void>;
}

/** Every migration in order. Never edit a released one: add the next version. */
export const migrations: Migration[] = [
  { version: 1, name: 'core', up: core.up },
  { version: 2, name: 'identity', up: identity.up },
  { version: 5, name: 'menus-regions', up: menusRegions.up },
  { version: 6, name: 'tenants', up: tenants.up },
  { version: 7, name: 'logs', up: logs.up },
  { version: 8, name: 'resources', up: resources.up },
  { version: 9, name: 'log-order', up: logOrder.up },
  { version: 10, name: 'session-tenant', up: sessionTenant.up },
  { version: 11, name: 'lockout-accounts', up: lockoutAccounts.up },
  { version: 13, name: 'captcha', up: captcha.up },
  { version: 14, name: 'menu-english-names', up: menuEnglishNames.up },
  { version: 15, name: 'applications', up: applications.up },
];
