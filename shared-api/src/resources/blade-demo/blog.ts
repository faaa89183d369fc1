import { z } from 'zod';
import { isRealDate, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';

export const blogMessages = defineMessages('blog', {
  blogTitle: ['请输入博客标题', 'Enter the title'],
  blogCategory: ['请选择博客分类', 'Choose the category'],
  blogDate: ['日期须为 yyyy-MM-dd HH:mm:ss 格式', 'The date must be written yyyy-MM-dd HH:mm:ss'],
});
const m = blogMessages;

/** The blog example of the workbench (工作台 › 博客示例): titled, categorised rich-text posts. */
export const blog = defineResource({
  service: 'blade-demo',
  name: 'blog',
  table: 'blade_blog',
  tenantScoped: true,
  permission: 'blog',
  entity: z.object({
    blogCategory: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText(m.say.blogCategory, 32)),
    blogTitle: requiredText(m.say.blogTitle, 255),
    blogContent: optionalText(20000),
    blogDate: z.preprocess((v) => (v === '' ? null : v), z.string(m.say.blogDate).trim().refine(isRealDate, m.say.blogDate).nullish()),
  }),
  names: { blogCategoryName: { field: 'blogCategory', dict: 'blog_category' } },
  filters: { blogTitle: 'like', blogCategory: 'eq' },
  sorts: ['blogTitle', 'blogDate'],
  defaultSort: { column: 'id', desc: true },
  view: {
    title: ['博客示例', 'Blog example'],
    columns: [
      { prop: 'blogTitle', label: ['博客标题', 'Title'], search: true },
      { prop: 'blogCategory', label: ['博客分类', 'Category'], type: 'dict', dict: 'blog_category', search: true },
      { prop: 'blogDate', label: ['发布时间', 'Published'], type: 'datetime' },
      { prop: 'blogContent', label: ['博客内容', 'Content'], type: 'richtext', hideInTable: true },
    ],
  },
});
