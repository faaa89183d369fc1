import { badRequest, defineMessages, say, scopeMessages } from '@sso/shared-api';
import { assertAllExist, assertDictKey } from '../../domain/scope-checks.js';
import type { ResourceRules } from '../../engine/types.js';

export const scopeRuleMessages = defineMessages('scopeRule', {
  customScopeValue: ['自定义规则请输入以逗号分隔的机构编号', 'A custom rule needs a comma-joined list of department ids'],
  customScopeDept: ['自定义规则中的机构不存在', 'A department of the custom rule does not exist'],
});
const m = scopeRuleMessages;

const CUSTOM = 5;
const DEPT_IDS = /^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/;

/** Both kinds of scope belong to an existing menu. */
async function checkMenu(values: Record<string, unknown>, trx: Parameters<NonNullable<ResourceRules['beforeSave']>>[0]['trx']) {
  if (values.menuId !== undefined) await assertAllExist(trx, 'blade_menu', [String(values.menuId)], say('packageMenuMissing'));
}

/**
 * Data scopes: the rule type is a data_scope_type key; a custom rule (5) lists dept ids in
 * scopeValue (never SQL); an empty column means the type's default (create_user / create_dept).
 */
export const dataScopeRules: ResourceRules = {
  async beforeSave({ values, existing, trx }) {
    await checkMenu(values, trx);
    if (values.scopeType !== undefined) await assertDictKey(trx, 'data_scope_type', values.scopeType, scopeMessages.say.dataScopeType);
    if (values.scopeColumn === '') values.scopeColumn = null;
    const type = Number(values.scopeType ?? existing?.scopeType);
    if (type !== CUSTOM) return;
    const value = String(values.scopeValue ?? existing?.scopeValue ?? '').replace(/\s+/g, '');
    if (!DEPT_IDS.test(value)) throw badRequest(m.say.customScopeValue);
    await assertAllExist(trx, 'blade_dept', value.split(','), m.say.customScopeDept);
    values.scopeValue = [...new Set(value.split(','))].join(',');
  },
  // The engine's scope cache goes with the permission cache.
  afterChange: (ctx) => ctx.permissions.clear(),
};

/** API scopes: the type is an api_scope_type key. */
export const apiScopeRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    await checkMenu(values, trx);
    if (values.scopeType !== undefined) await assertDictKey(trx, 'api_scope_type', values.scopeType, scopeMessages.say.apiScopeType);
  },
  afterChange: (ctx) => ctx.permissions.clear(),
};
