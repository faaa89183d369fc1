import {
  asItCame,
  badRequest,
  firstIssueMessage,
  type Message,
  regionMessages as m,
  REGION_ROOT,
  region,
  rowMessage,
  regionExcelMessages as x,
} from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import type { ResourceRepository } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import type { RegionSheetRow } from './excel.js';

/** Checking and writing the rows of import-region: every row is checked before anything is written. */

interface Candidate {
  row: number;
  values: { code: string; parentCode: string; name: string; level?: number; sort: number; remark: string | null };
}

const DEEPEST = 5;
/** Parents that need no row: the country's parent, and the country (provinces still have a parent). */
const VIRTUAL_LEVELS: Record<string, number> = { '0': -1, [REGION_ROOT]: 0 };

const fail = (row: number, message: Message) => badRequest(rowMessage(row, message));

/** A sheet row through the region's own schema, the message naming the row. */
function parse(row: number, values: RegionSheetRow): Candidate {
  // An empty cell is an absent value: the schema's own message names a missing required one.
  const given = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]));
  const parsed = region.entity.safeParse({ ...given, remark: values.remark || null });
  if (!parsed.success) throw fail(row, firstIssueMessage(parsed.error.issues));
  return { row, values: parsed.data as Candidate['values'] };
}

/**
 * The level of every row: one below its parent's, the parent being another row of the file, a
 * stored region or the country. A row that names a level must agree; a village has no sub-regions.
 */
function levels(rows: Candidate[], stored: Map<string, number>): Map<string, number> {
  const inFile = new Map(rows.map((r) => [r.values.code, r]));
  const known = new Map<string, number>();
  /** `path`: the codes climbed from the row at `origin`, which a cycle is reported on. */
  const levelOf = (candidate: Candidate, path: Set<string>, origin: number): number => {
    const { code, parentCode } = candidate.values;
    const cached = known.get(code);
    if (cached !== undefined) return cached;
    if (parentCode === code || (parentCode === '0' && code !== REGION_ROOT)) throw fail(candidate.row, m.say.parentMissing);
    if (path.has(parentCode)) throw fail(origin, x.say.parentCycle);
    const parentRow = inFile.get(parentCode);
    const parentLevel = parentRow
      ? levelOf(parentRow, new Set(path).add(parentCode), origin)
      : (stored.get(parentCode) ?? VIRTUAL_LEVELS[parentCode]);
    if (parentLevel === undefined) throw fail(candidate.row, m.say.parentMissing);
    const level = parentLevel + 1;
    if (level > DEEPEST) throw fail(candidate.row, m.say.tooDeep);
    if (candidate.values.level !== undefined && candidate.values.level !== level) throw fail(candidate.row, m.say.levelMismatch);
    known.set(code, level);
    return level;
  };
  for (const candidate of rows) levelOf(candidate, new Set([candidate.values.code]), candidate.row);
  return known;
}

export async function importRegions(args: {
  ctx: AppContext;
  repo: ResourceRepository;
  caller: Caller;
  sheet: { row: number; values: RegionSheetRow }[];
  covered: boolean;
}): Promise<{ inserted: number; updated: number }> {
  const { ctx, repo, caller, sheet, covered } = args;
  const seen = new Set<string>();
  const rows = sheet.map(({ row, values }) => {
    const candidate = parse(row, values);
    if (seen.has(candidate.values.code)) throw fail(row, x.say.importDuplicate);
    seen.add(candidate.values.code);
    return candidate;
  });
  const wanted = [...new Set(rows.flatMap((r) => [r.values.code, r.values.parentCode]))];
  const stored = new Map(
    (await ctx.db.selectFrom('blade_region').select(['code', 'level']).where('code', 'in', wanted).execute()).map((r) => [r.code, r.level]),
  );
  for (const { row, values } of rows) if (!covered && stored.has(values.code)) throw fail(row, x.say.codeTaken);
  const level = levels(rows, stored);
  // Parents before their sub-regions: the save rule derives a row's columns from its stored parent.
  const ordered = [...rows].sort((a, b) => (level.get(a.values.code) ?? 0) - (level.get(b.values.code) ?? 0));
  await repo.saveAll(
    caller,
    ordered.map(({ values }) => ({ values: { ...values }, id: stored.has(values.code) ? values.code : undefined })),
    (index, error) => fail(ordered[index]?.row ?? 0, error.said ?? asItCame(error.message)),
  );
  const updated = rows.filter((r) => stored.has(r.values.code)).length;
  return { inserted: rows.length - updated, updated };
}
