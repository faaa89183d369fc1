import { DEFAULT_TENANT_ID, type dict, type dictImportRow, zh } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ExtraHandlerArgs } from '../../engine/extra-handlers.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import { live } from '../../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: dict and dict-biz share this handler by table name
type AnyDb = Kysely<any>;
type ImportRow = z.output<typeof dictImportRow>;
interface Entry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  dictValueEn: string;
  sort: number;
  remark: string | null;
  isSealed: number;
}

const COLUMNS = ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'remark', 'isSealed'] as const;
const slot = (code: string, parentId: string, dictKey: string) => `${code}\u0000${parentId}\u0000${dictKey}`;

/**
 * bulk-upsert (`sso dict import`): one read of the entries concerned, one multi-row insert, updates
 * only where a value differs, so a second run changes nothing. A missing group (parentId 0) or
 * parent entry is created on the way; sealed entries are reported, not changed.
 * It writes the whole file in batched statements after checking it as a whole (codes, parents,
 * sealed entries): one generic save per entry would take minutes for a large dictionary.
 */
export async function dictBulkUpsert({ ctx, def, repo, caller: who, body }: ExtraHandlerArgs<typeof dict.extras.bulkUpsert>) {
  repo.assertMayWrite(who);
  const rows = body.rows as ImportRow[];
  const codes = [...new Set(rows.map((r) => r.code))];
  const keys = [...new Set(rows.flatMap((r) => [r.dictKey, ...(r.parentKey ? [r.parentKey] : [])]))];
  const db = ctx.db as unknown as AnyDb;
  const result = { inserted: 0, updated: 0, unchanged: 0, failures: [] as { index: number; message: string }[] };
  await db.transaction().execute(async (trx) => {
    const found = (await trx
      .selectFrom(def.table)
      .select([...COLUMNS])
      .$call(live())
      .where('code', 'in', codes)
      .where((eb) => eb.or([eb('parentId', '=', '0'), eb('dictKey', 'in', keys)]))
      .execute()) as Entry[];
    const groups = new Map(found.filter((e) => e.parentId === '0').map((e) => [e.code, e]));
    const bySlot = new Map(found.filter((e) => e.parentId !== '0').map((e) => [slot(e.code, e.parentId, e.dictKey), e]));
    const byKey = new Map(found.filter((e) => e.parentId !== '0').map((e) => [`${e.code}\u0000${e.dictKey}`, e]));
    const now = new Date();
    const inserts: Record<string, unknown>[] = [];
    const pendingById = new Map<string, Record<string, unknown>>();
    const create = (values: Omit<Entry, 'id'>): Entry => {
      const entry = { ...values, id: ctx.ids.next() };
      const insert = {
        ...entry,
        tenantId: DEFAULT_TENANT_ID,
        ...stamps(who, now),
        createDept: who.deptIds[0] || null,
      };
      inserts.push(insert);
      pendingById.set(entry.id, insert);
      return entry;
    };
    const groupOf = (row: ImportRow) => {
      let group = groups.get(row.code);
      if (!group) {
        const values = { parentId: '0', code: row.code, dictKey: '-1', dictValue: row.codeName || row.code };
        group = create({ ...values, dictValueEn: '', sort: 0, remark: null, isSealed: 0 });
        groups.set(row.code, group);
      }
      return group;
    };
    const remember = (entry: Entry) => {
      bySlot.set(slot(entry.code, entry.parentId, entry.dictKey), entry);
      if (!byKey.has(`${entry.code}\u0000${entry.dictKey}`)) byKey.set(`${entry.code}\u0000${entry.dictKey}`, entry);
    };
    const parentOf = (row: ImportRow): string => {
      const group = groupOf(row);
      if (!row.parentKey) return group.id;
      const parent = byKey.get(`${row.code}\u0000${row.parentKey}`);
      if (parent) return parent.id;
      const values = { parentId: group.id, code: row.code, dictKey: row.parentKey, dictValue: row.parentKey };
      const created = create({ ...values, dictValueEn: '', sort: 0, remark: null, isSealed: 0 });
      remember(created);
      return created.id;
    };
    const updates: Entry[] = [];
    for (const [index, row] of rows.entries()) {
      const parentId = parentOf(row);
      const existing = bySlot.get(slot(row.code, parentId, row.dictKey));
      const wanted = {
        dictValue: row.dictValue,
        dictValueEn: row.dictValueEn ?? existing?.dictValueEn ?? '',
        sort: row.sort ?? existing?.sort ?? 0,
        remark: row.remark ?? existing?.remark ?? null,
        isSealed: row.isSealed ?? existing?.isSealed ?? 0,
      };
      if (!existing) {
        remember(create({ parentId, code: row.code, dictKey: row.dictKey, ...wanted }));
        result.inserted++;
        continue;
      }
      const same = (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => String(existing[k] ?? '') === String(wanted[k] ?? ''));
      if (same) result.unchanged++;
      else if (Number(existing.isSealed) === 1) result.failures.push({ index, message: zh('dictIsSealed') });
      else {
        // A later row of the same batch may change an entry an earlier one inserts: one write each.
        const pending = pendingById.get(existing.id);
        Object.assign(pending ?? existing, wanted);
        if (!pending && !updates.includes(existing)) updates.push(existing);
        result.updated++;
      }
    }
    for (let at = 0; at < inserts.length; at += 500)
      await trx
        .insertInto(def.table)
        .values(inserts.slice(at, at + 500))
        .execute();
    for (const entry of updates) {
      const { dictValue, dictValueEn, sort, remark, isSealed } = entry;
      await trx
        .updateTable(def.table)
        .set({ dictValue, dictValueEn, sort, remark, isSealed, ...updateStamps(who, now) })
        .where('id', '=', entry.id)
        .execute();
    }
  });
  ctx.cache.invalidate(def.table);
  return result;
}
