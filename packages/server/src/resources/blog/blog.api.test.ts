import { blogMessages as m } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { bad, createTenantWithAdmin, failure, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';

/** The workbench's blog example on the generic routes: validated posts, kept to their tenant. */
const suite = useTestServer();
const api = () => suite.admin.demo.blog;

describe('blog', () => {
  it('saves, lists with the category name, edits and removes a post', async () => {
    const saved = (await api().submit({
      blogTitle: '第一篇',
      blogCategory: '1',
      blogContent: '<p>你好</p>',
      blogDate: '2024-05-01 08:30:00',
    } as never)) as {
      id: string;
    };
    const page = await api().list({ blogTitle: '第一' } as never);
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      blogTitle: '第一篇',
      blogCategoryName: '技术',
      blogContent: '<p>你好</p>',
      blogDate: '2024-05-01 08:30:00',
    });
    await api().submit({ id: saved.id, blogTitle: '改过的标题' } as never);
    expect((await api().detail(saved.id)).blogTitle).toBe('改过的标题');
    await api().remove([saved.id]);
    expect((await api().list({} as never)).total).toBe(0);
  });

  it('refuses a post without title, with an unknown category or a bad date, and changes nothing', async () => {
    const before = await tableSnapshot(suite.server, 'blade_blog');
    expect(await failure(suite.admin, api().submit({ blogCategory: '1' } as never))).toEqual(bad(m.blogTitle));
    expect(await failure(suite.admin, api().submit({ blogTitle: 't', blogCategory: '9' } as never))).toEqual(bad(m.blogCategory));
    expect(await failure(suite.admin, api().submit({ blogTitle: 't', blogCategory: '1', blogDate: '2024-02-30' } as never))).toEqual(
      bad(m.blogDate),
    );
    expect(await tableSnapshot(suite.server, 'blade_blog')).toEqual(before);
  });

  it('keeps posts to their tenant', async () => {
    await api().submit({ blogTitle: '平台的', blogCategory: '2' } as never);
    const other = await createTenantWithAdmin(suite.server, '200003');
    expect((await other.sdk.demo.blog.list({} as never)).total).toBe(0);
  });
});
