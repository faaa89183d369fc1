import type { ResourceDef } from '@sso/shared-api';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Caller } from '../auth/permissions.js';
import type { AppContext } from '../context.js';
import { attachRules } from '../services/attach-rules.js';
import { clientRules } from '../services/client-rules.js';
import { datasourceRules } from '../services/datasource-rules.js';
import { deptRules } from '../services/dept-rules.js';
import { dictRules } from '../services/dict-rules.js';
import { menuRules } from '../services/menu-rules.js';
import { noticeRules } from '../services/notice-rules.js';
import { ossRules } from '../services/oss-rules.js';
import { postRules } from '../services/post-rules.js';
import { regionRules } from '../services/region-rules.js';
import { reportRules } from '../services/report-rules.js';
import { roleRules } from '../services/role-rules.js';
import { apiScopeRules, dataScopeRules } from '../services/scope-rules.js';
import { smsRules } from '../services/sms-rules.js';
import { tenantPackageRules } from '../services/tenant-package-rules.js';
import { tenantRules } from '../services/tenant-rules.js';
import { topMenuRules } from '../services/top-menu-rules.js';
import { userRules } from '../services/user-rules.js';

type Row = Record<string, unknown>;

/** Checks a resource adds to the generic save and remove; they throw ApiError to refuse. */
export interface ResourceRules {
  beforeSave?(args: {
    ctx: AppContext;
    caller: Caller;
    def: ResourceDef;
    /** Parsed input; rules may normalise it in place. */
    values: Row;
    existing?: Row;
    // biome-ignore lint/suspicious/noExplicitAny: rules query their own tables by name
    trx: Kysely<any>;
    // biome-ignore lint/suspicious/noConfusingVoidType: most rules return nothing; a few add to the answer
  }): Promise<void | SaveOutcome>;
  beforeRemove?(args: {
    ctx: AppContext;
    caller: Caller;
    def: ResourceDef;
    rows: Row[];
    // biome-ignore lint/suspicious/noExplicitAny: idem
    trx: Kysely<any>;
  }): Promise<void>;
  /** Applies a filter declared `custom` in the resource (e.g. a department and its descendants). */
  listFilter?(args: {
    caller: Caller;
    // biome-ignore lint/suspicious/noExplicitAny: the list query of the resource's table
    query: SelectQueryBuilder<any, any, any>;
    column: string;
    value: unknown;
    // biome-ignore lint/suspicious/noExplicitAny: idem
  }): SelectQueryBuilder<any, any, any>;
  /** A row as list and detail answer it (e.g. file links signed afresh); the stored row is unchanged. */
  present?(ctx: AppContext, row: Row): Promise<Row>;
  /** After a save or remove committed: drop caches kept outside the resource cache. */
  afterChange?(ctx: AppContext): void;
  /** After a save committed, with the rows as saved: what must follow the commit (ending sessions on every node). */
  afterSave?(args: { ctx: AppContext; rows: Row[] }): Promise<void>;
  /** After a removal committed, with the rows as they were before it. */
  afterRemove?(args: { ctx: AppContext; rows: Row[] }): Promise<void>;
}

/** What a save rule may add to the answer. */
export interface SaveOutcome {
  /** Fields shown once in the response and never stored as such (e.g. a generated secret). */
  reveal?: Row;
}

const byTable: Record<string, ResourceRules> = {
  blade_dict: dictRules,
  blade_dict_biz: dictRules,
  blade_menu: menuRules,
  blade_top_menu: topMenuRules,
  blade_region: regionRules,
  blade_tenant_package: tenantPackageRules,
  blade_tenant: tenantRules,
  blade_client: clientRules,
  blade_datasource: datasourceRules,
  blade_user: userRules,
  blade_dept: deptRules,
  blade_post: postRules,
  blade_notice: noticeRules,
  blade_role: roleRules,
  blade_scope_data: dataScopeRules,
  blade_scope_api: apiScopeRules,
  blade_oss: ossRules,
  blade_attach: attachRules,
  blade_sms: smsRules,
  blade_report_file: reportRules,
};

export function rulesFor(table: string): ResourceRules {
  return byTable[table] ?? {};
}
