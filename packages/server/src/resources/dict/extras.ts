import type { DictRow } from '@sso/shared-api';
import { dict } from '@sso/shared-api';
import { buildTree, bySortThenId } from '../../domain/tree.js';
import { defineExtraHandlers, type SignedInArgs } from '../../engine/extra-handlers.js';
import { toListRequest } from '../../engine/query.js';
import { dictBulkUpsert } from './bulk-import.js';

const DICT_COLUMNS = ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'remark', 'isSealed'] as const;

/** Every live entry of the caller's dictionary table, cached until the table changes. */
async function allEntries({ ctx, def, repo, caller: who }: SignedInArgs): Promise<DictRow[]> {
  return ctx.cache.get(def.table, `all|${def.tenantScoped ? who.tenant_id : ''}`, async () => {
    const rows = await repo
      .scoped(ctx.db as never, who)
      .select([...DICT_COLUMNS])
      .execute();
    return (rows as DictRow[]).sort(bySortThenId);
  });
}

/** A text filter as BladeX's query wrapper applies it: absent or blank keeps every row. */
const contains = (text: string, wanted: string | undefined) => !wanted?.trim() || text.includes(wanted.trim());

const asTreeNodes = (rows: DictRow[]) =>
  buildTree(
    rows.map((row) => ({ ...row, title: row.dictValue, key: row.id, value: row.id })),
    bySortThenId,
  );

/** Extras of `dict` and `dict-biz`: the parent page, child lists, trees, the entries of a code and the bulk upsert. */
export const dictExtraHandlers = defineExtraHandlers(dict, {
  bulkUpsert: dictBulkUpsert,
  parentList: async (args) => args.repo.list(args.caller, toListRequest(args.def, args.query), (q) => q.where('parentId', '=', '0')),

  // BladeX: every entry of the parent's code below it, filtered, as a tree (not a page).
  childList: async (args) => {
    const rows = await allEntries(args);
    const parent = rows.find((row) => row.id === args.query.parentId);
    if (!parent) return [];
    const { dictKey, dictValue } = args.query as { dictKey?: string; dictValue?: string };
    return asTreeNodes(
      rows.filter(
        (row) => row.code === parent.code && row.id !== parent.id && contains(row.dictKey, dictKey) && contains(row.dictValue, dictValue),
      ),
    );
  },

  tree: async (args) => {
    const rows = await allEntries(args);
    const code = args.query.code as string | undefined;
    return asTreeNodes(!code || code === 'DICT' ? rows : rows.filter((row) => row.code === code));
  },

  dictionary: async (args) => {
    const rows = await allEntries(args);
    return rows.filter((row) => row.code === args.query.code && row.parentId !== '0');
  },

  dictionaryTree: async (args) => {
    const rows = await allEntries(args);
    const parent = rows.find((row) => row.code === args.query.code && row.parentId === '0');
    if (!parent) return [];
    return asTreeNodes(rows.filter((row) => row.code === args.query.code && row.id !== parent.id));
  },
});
