import { noticeMessages } from '@sso/shared-api';
import type { ResourceRules } from '../resources/rules.js';
import { assertDictKey } from './scope-checks.js';

/** A notice's category is a key of the `notice` dictionary. */
export const noticeRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    if (values.category !== undefined) await assertDictKey(trx, 'notice', values.category, noticeMessages.category);
  },
};
