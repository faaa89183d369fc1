import { APPROVER_KINDS } from '@sso/shared-api';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { FieldInputProps } from '../../crud/field-renderers.js';
import '../../access/access-strings.js';

interface Option {
  value: string;
  label: string;
}
type Rows = { records?: Record<string, unknown>[] } | Record<string, unknown>[];
const recordsOf = (answer: Rows) => (Array.isArray(answer) ? answer : (answer.records ?? []));

/** A select over options read once from the server (200 at most, the largest page), searchable by label. */
function RemoteSelect({ value, onChange, disabled, id, load }: FieldInputProps & { load: () => Promise<Option[]> }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Option[]>();
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setOptions(list),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={disabled}
      loading={!options}
      placeholder={t('access.pick')}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onChange={(next) => onChange?.(next ?? '')}
      options={options}
    />
  );
}

const loadApps = async () =>
  recordsOf(await client.call<Rows>('GET', '/api/blade-aps/app/list', { current: 1, size: 200 })).map((r) => ({
    value: String(r.id),
    label: `${r.appName} (${r.appCode})`,
  }));
const loadAppRoles = async () =>
  recordsOf(await client.call<Rows>('GET', '/api/blade-aps/approle/page', { current: 1, size: 200 })).map((r) => ({
    value: String(r.id),
    label: `${r.appName ?? ''} / ${r.roleName}`,
  }));
const loadUsers = async () =>
  recordsOf(await client.call<Rows>('GET', '/api/blade-user/list', { current: 1, size: 200 })).map((r) => ({
    value: String(r.id),
    label: `${r.realName || r.name} (${r.account})`,
  }));
const flatten = (nodes: Record<string, unknown>[], out: Option[] = []) => {
  for (const node of nodes) {
    out.push({ value: String(node.id), label: String(node.roleName ?? node.title ?? node.id) });
    if (Array.isArray(node.children)) flatten(node.children as Record<string, unknown>[], out);
  }
  return out;
};
const loadRoles = async () => flatten(await client.call<Record<string, unknown>[]>('GET', '/api/blade-system/role/list'));

export const AppPicker = (props: FieldInputProps) => <RemoteSelect {...props} load={loadApps} />;
export const AppRolePicker = (props: FieldInputProps) => <RemoteSelect {...props} load={loadAppRoles} />;
export const UserPicker = (props: FieldInputProps) => <RemoteSelect {...props} load={loadUsers} />;
export const RolePicker = (props: FieldInputProps) => <RemoteSelect {...props} load={loadRoles} />;

/** The kind of approver at a node, named in the language shown. */
export function ApproverKindPicker({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      disabled={disabled}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next) => onChange?.(next)}
      placeholder={t('access.pick')}
      options={APPROVER_KINDS.map((kind) => ({ value: kind, label: t(`access.kinds.${kind}`) }))}
    />
  );
}

/** A node's approver kind as a table shows it, in the language shown. */
export function ApproverKindLabel({ kind }: { kind: unknown }) {
  const { t } = useTranslation();
  return <span>{typeof kind === 'string' && kind ? t(`access.kinds.${kind}`) : ''}</span>;
}
