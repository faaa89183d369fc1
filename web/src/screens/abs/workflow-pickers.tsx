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
type Rows = { records?: Record<string, unknown>[]; total?: number } | Record<string, unknown>[];
const recordsOf = (answer: Rows) => (Array.isArray(answer) ? answer : (answer.records ?? []));

/** A select over options read once from the server (every page), searchable by label. */
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

/** The largest page the API answers; reading every page stops after 50 of them. */
const PAGE_SIZE = 200;
const MAX_PAGES = 50;

/** Every row of a list, page after page (applications and their roles: a tenant keeps few enough to show whole). */
async function everyPage(path: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const answer = await client.call<Rows>('GET', path, { current, size: PAGE_SIZE });
    const records = recordsOf(answer);
    rows.push(...records);
    const total = Array.isArray(answer) ? rows.length : Number(answer.total ?? rows.length);
    if (records.length < PAGE_SIZE || rows.length >= total) break;
  }
  return rows;
}

const loadApps = async () =>
  (await everyPage('/api/blade-aps/app/list')).map((r) => ({
    value: String(r.id),
    label: `${r.appName} (${r.appCode})`,
  }));
const loadAppRoles = async () =>
  (await everyPage('/api/blade-aps/approle/page')).map((r) => ({
    value: String(r.id),
    label: `${r.appName ?? ''} / ${r.roleName}`,
  }));
const userOption = (r: Record<string, unknown>): Option => ({ value: String(r.id), label: `${r.realName || r.name} (${r.account})` });

/** Typing waits this long for the next key before the server is asked. */
const SEARCH_DELAY_MS = 300;

/** Users whose account or name holds the text (the first page of each), account matches first. */
async function findUsers(text: string): Promise<Option[]> {
  const search = (filter: Record<string, string>) =>
    client.call<Rows>('GET', '/api/blade-user/list', { current: 1, size: PAGE_SIZE, ...filter }).then(recordsOf);
  const [byAccount, byName] = text ? await Promise.all([search({ account: text }), search({ realName: text })]) : [await search({}), []];
  const seen = new Set(byAccount.map((r) => String(r.id)));
  return [...byAccount, ...byName.filter((r) => !seen.has(String(r.id)))].map(userOption);
}

/**
 * A user picked by searching the server as the account or name is typed (a tenant may hold far
 * more users than one page): the chosen user keeps its label, read by id when no search found it.
 */
function UserSearchSelect({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<Option[]>();
  const [chosen, setChosen] = useState<Option>();
  const selected = value === undefined || value === null || value === '' ? undefined : String(value);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        findUsers(typed.trim()).then(
          (list) => live && setOptions(list),
          () => live && setOptions([]), // toasted by the response handler
        ),
      typed ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);

  useEffect(() => {
    if (!selected || chosen?.value === selected || options?.some((o) => o.value === selected)) return;
    let live = true;
    client.call<Record<string, unknown>>('GET', '/api/blade-user/detail', { id: selected }).then(
      (row) => live && row && setChosen(userOption(row)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [selected, chosen, options]);

  const shown = options ?? [];
  const all = chosen && !shown.some((o) => o.value === chosen.value) ? [chosen, ...shown] : shown;
  return (
    <Select
      id={id}
      allowClear
      showSearch
      filterOption={false}
      onSearch={setTyped}
      disabled={disabled}
      loading={!options}
      placeholder={t('access.pick')}
      value={selected}
      onChange={(next) => {
        setChosen(all.find((o) => o.value === next));
        onChange?.(next ?? '');
      }}
      options={all}
    />
  );
}
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
export const UserPicker = (props: FieldInputProps) => <UserSearchSelect {...props} />;
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
