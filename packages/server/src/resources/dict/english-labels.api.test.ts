import { describe, expect, it } from 'vitest';
import { signInAdmin, useTestServer } from '../../api-suite.testkit.js';

/** Dictionary entries carry the label English screens show (dictValueEn), seeded for every dictionary shipped. */
const suite = useTestServer();

describe('dictionary English labels', () => {
  it('answers the English label of each seeded entry beside its Chinese one', async () => {
    const appTypes = await suite.admin.system.dict.dictionary({ code: 'app_type' });
    expect(appTypes.map((row) => [row.dictKey, row.dictValue, row.dictValueEn])).toEqual([
      ['1', '办公协同', 'Office'],
      ['2', '生产制造', 'Production'],
      ['3', '经营管理', 'Operations management'],
      ['4', '财务管理', 'Finance'],
      ['5', '人力资源', 'Human resources'],
      ['6', '其他', 'Other'],
    ]);
    const levels = await suite.admin.system.dictBiz.dictionary({ code: 'app_level' });
    expect(levels.map((row) => row.dictValueEn)).toEqual(['Level 1', 'Level 2', 'Level 3', 'Level 4']);
  });

  it('keeps an English label an administrator gives, and answers "" for an entry without one', async () => {
    const [parent] = (await suite.admin.system.dict.parentList({ code: 'blog_category', current: 1, size: 10 })).records;
    await suite.admin.system.dict.submit({
      parentId: parent.id,
      code: 'blog_category',
      dictKey: '8',
      dictValue: '旅行',
      dictValueEn: 'Travel',
      sort: 8,
      isSealed: 0,
    });
    await suite.admin.system.dict.submit({
      parentId: parent.id,
      code: 'blog_category',
      dictKey: '9',
      dictValue: '美食',
      sort: 9,
      isSealed: 0,
    });
    const added = (await suite.admin.system.dict.dictionary({ code: 'blog_category' })).filter((row) => Number(row.dictKey) > 7);
    expect(added.map((row) => [row.dictValue, row.dictValueEn])).toEqual([
      ['旅行', 'Travel'],
      ['美食', ''],
    ]);
  });

  it('names dictionary values beside ids in English for Accept-Language: en, and in Chinese otherwise', async () => {
    const en = await signInAdmin(suite.server, { language: 'en' });
    const english = await en.user.user.page({ account: 'admin', current: 1, size: 10 });
    expect(english.records[0]).toMatchObject({ account: 'admin', status: 1, statusName: 'Active' });
    const chinese = await suite.admin.user.user.page({ account: 'admin', current: 1, size: 10 });
    expect(chinese.records[0]).toMatchObject({ account: 'admin', statusName: '正常' });
  });
});
