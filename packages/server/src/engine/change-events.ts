import type { ResourceDef } from '@sso/shared-api';
import type { Caller } from '../kernel/caller.js';
import type { AuditedResource, SecurityEvent, SecurityTarget } from '../logs/security-events.js';

type Row = Record<string, unknown>;

/** Columns that name a row in an event, the first one present wins (never a secret). */
const NAME_FIELDS = ['account', 'roleName', 'clientId', 'tenantName', 'packageName', 'scopeName', 'name', 'code'];

/** Fields whose old and new values an update event keeps: they decide who holds what. */
const TRACKED_FIELDS = new Set([
  'roleId',
  'deptId',
  'status',
  'tenantId',
  'packageId',
  'expireTime',
  'accountNumber',
  'roleAlias',
  'menuId',
]);

/** Audit columns the repository sets on every save: not part of what the caller changed. */
const AUDIT_FIELDS = new Set(['updateUser', 'updateTime', 'createUser', 'createDept', 'createTime', 'id', 'isDeleted']);

const show = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

function targetOf(def: ResourceDef, row: Row): SecurityTarget {
  const nameField = NAME_FIELDS.find((field) => typeof row[field] === 'string' && row[field] !== '');
  const tenantId = typeof row.tenantId === 'string' ? row.tenantId : undefined;
  return {
    kind: def.name as AuditedResource,
    id: String(row[def.keyField] ?? ''),
    ...(nameField ? { name: String(row[nameField]).slice(0, 100) } : {}),
    ...(tenantId ? { tenantId } : {}),
  };
}

/**
 * The event of a save: `create` or `update` with the names of the fields sent and, for the
 * fields that shape access, their value before and after. Values of other fields (passwords,
 * secrets, personal data) stay out of the log.
 */
export function saveEvent(def: ResourceDef, caller: Caller, values: Row, saved: Row, existing?: Row): SecurityEvent {
  const fields = Object.keys(values).filter((field) => !AUDIT_FIELDS.has(field));
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    if (!TRACKED_FIELDS.has(field)) continue;
    const before = show(existing?.[field]);
    const after = show(values[field]);
    if (String(before) !== String(after)) changes[field] = { from: before, to: after };
  }
  return {
    type: `${def.name as AuditedResource}.${existing ? 'update' : 'create'}`,
    actor: caller,
    targets: [targetOf(def, { ...existing, ...saved })],
    detail: { fields, ...(Object.keys(changes).length ? { changes } : {}) },
  };
}

/** The event of a removal: one target per row removed. */
export function removeEvent(def: ResourceDef, caller: Caller, rows: Row[]): SecurityEvent {
  return { type: `${def.name as AuditedResource}.remove`, actor: caller, targets: rows.map((row) => targetOf(def, row)) };
}
