import type { PlatformRoleKind } from '@sso/shared-api';

/**
 * The duties of the three built-in administrators (三员), as seeded menu codes. A listed menu
 * brings every button under it, except the buttons listed in `except`: the security
 * administrator sees users only to give them roles; the audit administrator reads reports but
 * neither designs nor removes them. Menus a tenant's package leaves out are left out too.
 */
export interface PlatformRoleDuties {
  menus: readonly string[];
  except?: readonly string[];
}

export const PLATFORM_ROLE_DUTIES: Record<PlatformRoleKind, PlatformRoleDuties> = {
  // Users, organisation (departments, posts) and applications; roles are given by the security administrator.
  system: {
    menus: ['system', 'user', 'dept', 'post', 'aps', 'app', 'appmenu', 'appmenufunction', 'appuser', 'appfavorites', 'appanalysis'],
    except: ['user_role'],
  },
  // Roles, grants, data and API scopes, separation-of-duties rules and the compliance profile.
  security: {
    menus: [
      'authority',
      'role',
      'datascope',
      'apiscope',
      'system',
      'user',
      'aps',
      'approle',
      'approlemenu',
      'approlefunction',
      'userauthorizedrole',
      'userauthorizedmenu',
      'userauthorizedfunction',
      'abs',
      'appincompatiblerule',
      'compliance',
    ],
    except: [
      'user_add',
      'user_edit',
      'user_delete',
      'user_reset',
      'user_unlock',
      'user_import',
      'user_export',
      'user_platform',
      'user_audit',
    ],
  },
  // Reading only: every log, the grant and separation-of-duties logs, reports.
  audit: {
    menus: [
      'monitor',
      'log',
      'log_usual',
      'log_api',
      'log_error',
      'log_login',
      'aps',
      'apploginlog',
      'userauthorizedlog',
      'abs',
      'appincompatiblelog',
      'report',
      'reportlist',
    ],
    except: ['reportlist_delete', 'reportlist_design'],
  },
};

/**
 * Granting rights, under the compliance profile: the menus that decide who holds what — roles
 * and their grants, users (their roles are set on the user screen), application roles and the
 * grants of application roles, menus and functions to users, data and API scopes. A menu counts
 * when its code is listed or its parent's is (a screen's buttons).
 */
export const GRANT_RIGHT_MENUS: readonly string[] = [
  'role',
  'user',
  'datascope',
  'apiscope',
  'approle',
  'approlemenu',
  'approlefunction',
  'userauthorizedrole',
  'userauthorizedmenu',
  'userauthorizedfunction',
];

/**
 * Audit-log rights, under the compliance profile: the screens that read the records of what
 * everyone did (the logs, the grant log, the separation-of-duties log, application sign-ins).
 * Whoever grants must not also read and keep the record of it.
 */
export const AUDIT_LOG_MENUS: readonly string[] = [
  'log_usual',
  'log_api',
  'log_error',
  'log_login',
  'apploginlog',
  'userauthorizedlog',
  'appincompatiblelog',
];
