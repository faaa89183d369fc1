import { noticeMessages } from '@sso/shared-api';
import { assertDictKey } from '../../domain/scope-checks.js';
import type { ResourceRules } from '../../engine/types.js';

/** A notice's category is a key of the `notice` dictionary. */
export const noticeRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    if (values.category !== undefined) await assertDictKey(trx, 'notice', values.category, noticeMessages.say.category);
  },
};
