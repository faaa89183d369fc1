import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';

/**
 * The entries of a system dictionary, dictKey → dictValue (its English label, when it has one, for
 * an English caller), from the resource cache.
 */
export function dictionaryValues(ctx: AppContext, code: string, english: boolean): Promise<Map<string, string>> {
  return ctx.cache.get('blade_dict', `names|${code}|${english ? 'en' : 'zh'}`, async () => {
    const entries = await ctx.db
      .selectFrom('blade_dict')
      .select(['dictKey', 'dictValue', 'dictValueEn'])
      .where('code', '=', code)
      .where('parentId', '<>', '0')
      .$call(live())
      .execute();
    return new Map(entries.map((entry) => [String(entry.dictKey), String((english && entry.dictValueEn) || entry.dictValue)]));
  });
}
