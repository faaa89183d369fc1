import type { ResourceDef } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Caller } from '../auth/permissions.js';
import type { AppContext } from '../context.js';
import { dictRules } from '../services/dict-rules.js';
import { tenantPackageRules } from '../services/tenant-package-rules.js';

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
  }): Promise<void>;
  beforeRemove?(args: {
    ctx: AppContext;
    caller: Caller;
    def: ResourceDef;
    rows: Row[];
    // biome-ignore lint/suspicious/noExplicitAny: idem
    trx: Kysely<any>;
  }): Promise<void>;
}

const byTable: Record<string, ResourceRules> = {
  blade_dict: dictRules,
  blade_dict_biz: dictRules,
  blade_tenant_package: tenantPackageRules,
};

export function rulesFor(table: string): ResourceRules {
  return byTable[table] ?? {};
}
