import { postMessages } from '@sso/shared-api';
import { assertDictKey } from '../../domain/scope-checks.js';
import type { ResourceRules } from '../../engine/types.js';

/** A post's category is a key of the post_category dictionary (the code is unique by the contract). */
export const postRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    if (values.category !== undefined) await assertDictKey(trx, 'post_category', values.category, postMessages.say.category);
  },
};
