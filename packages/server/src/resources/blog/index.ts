import { blogMessages, registry } from '@sso/shared-api';
import { assertDictKey } from '../../domain/scope-checks.js';
import { bindResource } from '../../engine/bind.js';
import type { ResourceRules } from '../../engine/types.js';

/** A post's category is a key of the blog_category dictionary. */
const blogRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    if (values.blogCategory !== undefined) await assertDictKey(trx, 'blog_category', values.blogCategory, blogMessages.say.blogCategory);
  },
};

export const blogResource = bindResource(registry.demo.blog, { rules: blogRules });
