import { badRequest, regionMessages as m, REGION_ROOT } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { hasChildNodes, refuseRemovingParents, type Tree } from '../../domain/tree-rules.js';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** Level n (1 province … 5 village) names its own code and name in these columns. */
const LEVEL_COLUMNS = ['province', 'city', 'district', 'town', 'village'] as const;
const DEEPEST = LEVEL_COLUMNS.length;
/** The country row's parent, and the country when its row is absent: provinces still have a parent. */
const VIRTUAL_PARENTS: Record<string, Row> = {
  '0': { code: '0', ancestors: '', level: -1 },
  [REGION_ROOT]: { code: REGION_ROOT, ancestors: '0', level: 0 },
};

const regions = (trx: AnyDb) => trx.selectFrom('blade_region');
/** Regions are keyed by code, hang below `parentCode`, and are never soft-deleted. */
const regionTree = (trx: AnyDb): Tree => ({ nodes: () => regions(trx), key: 'code', parent: 'parentCode' });

async function parentOf(trx: AnyDb, code: string, parentCode: string): Promise<Row> {
  if (parentCode === code) throw badRequest(m.say.parentMissing);
  // Only the country sits at the top (parent 0).
  if (parentCode === '0' && code !== REGION_ROOT) throw badRequest(m.say.parentMissing);
  const parent = (await regions(trx).selectAll().where('code', '=', parentCode).executeTakeFirst()) ?? VIRTUAL_PARENTS[parentCode];
  if (!parent) throw badRequest(m.say.parentMissing);
  return parent;
}

/** Ancestors, level and the province … village columns of a region under `parent`. */
function derived(parent: Row, code: string, name: string, level: number): Row {
  const values: Row = {
    ancestors: parent.ancestors ? `${parent.ancestors},${parent.code}` : String(parent.code),
    level,
  };
  LEVEL_COLUMNS.forEach((column, index) => {
    const own = index + 1 === level;
    const above = index + 1 < level;
    values[`${column}Code`] = own ? code : above ? (parent[`${column}Code`] ?? null) : null;
    values[`${column}Name`] = own ? name : above ? (parent[`${column}Name`] ?? null) : null;
  });
  return values;
}

/**
 * Regions (keyed by code): the parent exists (the provinces' parent 00 always does); the level
 * follows the parent's; ancestors and the per-level columns come from the parent, and a renamed
 * region renames itself in its descendants' columns; a region with sub-regions neither moves nor
 * goes away.
 */
export const regionRules: ResourceRules = {
  async beforeSave({ values, existing, trx }) {
    const code = String(existing?.code ?? values.code);
    const parentCode = String(values.parentCode ?? existing?.parentCode);
    const name = String(values.name ?? existing?.name);
    if (existing && parentCode !== existing.parentCode && (await hasChildNodes(regionTree(trx), code)))
      throw badRequest(m.say.moveWithChildren);
    const parent = await parentOf(trx, code, parentCode);
    const level = Number(parent.level) + 1;
    if (level > DEEPEST) throw badRequest(m.say.tooDeep);
    if (values.level !== undefined && Number(values.level) !== level) throw badRequest(m.say.levelMismatch);
    Object.assign(values, { parentCode }, derived(parent, code, name, level));
    const column = LEVEL_COLUMNS[level - 1];
    if (existing && column && name !== existing.name) {
      await trx
        .updateTable('blade_region')
        .set({ [`${column}Name`]: name })
        .where(`${column}Code`, '=', code)
        .where('code', '<>', code)
        .execute();
    }
  },

  async beforeRemove({ rows, trx }) {
    const codes = rows.map((row) => row.code as string);
    await refuseRemovingParents(regionTree(trx), codes, m.say.hasChildren);
  },
};
