import type { ResourceDef } from '@sso/shared-api';
import { Button, Card, Flex } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { feedback } from '../api/feedback.js';
import { AsideLayout } from '../layout/aside-layout.js';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { type CrudApi, crudApi, keyOf, type Row } from './crud-api.js';
import { CrudDialog, type CrudDialogProps, type DialogMode } from './crud-dialog.js';
import { CrudTable } from './crud-table.js';
import { withLabelledNames } from './labelled-names.js';
import { allowedActions } from './permissions.js';
import { SearchForm } from './search-form.js';
import { startValues } from './start-values.js';
import { useCrud } from './use-crud.js';
import { useDicts } from './use-dict.js';
import { cleanValues } from './validation.js';

export interface CrudPageProps {
  def: ResourceDef;
  /** The menu's name; the view's title otherwise. */
  title?: string;
  /** Tests inject an API on a fake transport; the app uses the registry resource's routes. */
  api?: CrudApi;
  /** Filters added to every list query, e.g. the department picked in a tree beside the table. */
  filters?: Record<string, string | number | undefined>;
  /** Screen-specific buttons after add / delete (import, export, unlock …). */
  toolbar?: (ctx: CrudContext) => ReactNode;
  /** Screen-specific links after view / edit / delete on each row (grant, enable …). */
  rowActions?: (row: Row, ctx: CrudContext) => ReactNode;
  /** Shown left of the list, e.g. a department tree. */
  aside?: ReactNode;
  /** Replaces the view dialog, e.g. a detail drawer. */
  onView?: (row: Row) => void;
  /** Values the add dialog starts with, e.g. the parent of a child table. */
  addValues?: Row;
  /** Fields shown but not editable in the dialogs, e.g. a child's code fixed by its parent. */
  lockedFields?: readonly string[];
  /** Prefix of the page's form names (and so of its input ids) when two pages share a screen. */
  formName?: string;
  /** Screen-specific buttons in the add / edit dialog, given the form and the row edited (test connection …). */
  formActions?: CrudDialogProps['formActions'];
}

/** What a specific screen's buttons get from the generic page. */
export interface CrudContext {
  /** Keys of the rows ticked in the table. */
  selected: string[];
  /** Reloads the current page. */
  reload: () => Promise<void>;
  api: CrudApi;
  /** Opens the add dialog with these values already filled in (e.g. the parent of a new child). */
  add: (presets?: Row) => void;
}

/** THE generic CRUD page: everything comes from the registry resource's `view`, so a new resource needs no page of its own. */
export default function CrudPage({
  def,
  title,
  api: injected,
  filters,
  toolbar,
  rowActions,
  aside,
  onView,
  addValues,
  lockedFields,
  formName = 'crud',
  formActions,
}: CrudPageProps) {
  const { t, i18n } = useTranslation();
  const api = useMemo(() => injected ?? crudApi(client, def), [injected, def]);
  const { state, search, changePage, reload } = useCrud(api, filters);
  const dicts = useDicts(def.view.columns);
  const permissions = useStore(userStore, (s) => s.permissions);
  const allowed = useMemo(() => allowedActions(def, permissions), [def, permissions]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<{ mode?: DialogMode; row?: Row }>({});
  const key = keyOf(def);

  const confirmRemove = (keys: string[]) =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.remove(keys);
        feedback.message.success(t('crud.deleted'));
        setSelected([]);
        await reload();
      },
    });

  const removeSelected = () => {
    if (!selected.length) feedback.message.warning(t('crud.selectOne'));
    else confirmRemove(selected.map(String));
  };

  const onRow = async (action: 'view' | 'edit' | 'remove', row: Row) => {
    if (action === 'remove') return confirmRemove([String(row[key])]);
    if (action === 'view' && onView) return onView(row);
    try {
      const detail = await api.detail(String(row[key]));
      setDialog({ mode: action, row: action === 'view' ? withLabelledNames(def, detail, i18n.language) : detail });
    } catch {
      // toasted by the response handler
    }
  };

  const save = async (values: Row) => {
    if (dialog.mode === 'edit' && dialog.row) {
      await api.submit({ ...cleanValues(values, true), [key]: dialog.row[key] });
      feedback.message.success(t('crud.updated'));
    } else {
      await api.submit(cleanValues(values));
      feedback.message.success(t('crud.added'));
    }
    setDialog({});
    await reload();
  };

  const add = (presets?: Row) => setDialog({ mode: 'add', row: startValues(def, state.rows, presets ?? addValues) });
  const ctx: CrudContext = { selected: selected.map(String), reload, api, add };
  const page = (
    <Card title={title ?? def.view.title[i18n.language === 'en' ? 1 : 0]} size="small">
      <SearchForm def={def} dicts={dicts} onSearch={search} name={`${formName}-search`} />
      {/* Wraps onto more lines rather than running past the card's right edge (long English labels, phones). */}
      <Flex wrap gap={8} className="sso-crud-toolbar" style={{ marginBottom: 12 }}>
        {allowed.add && (
          <Button type="primary" onClick={() => add()}>
            {t('crud.add')}
          </Button>
        )}
        {allowed.remove && (
          <Button danger onClick={removeSelected}>
            {t('crud.delete')}
          </Button>
        )}
        {toolbar?.(ctx)}
        <Button onClick={() => void reload()}>{t('crud.refresh')}</Button>
      </Flex>
      <CrudTable
        def={def}
        state={state}
        dicts={dicts}
        allowed={allowed}
        // Ticking rows serves delete and the screen's own toolbar; read-only lists have neither.
        selected={allowed.remove || toolbar ? selected : undefined}
        onSelect={setSelected}
        onPage={changePage}
        onRow={onRow}
        extraActions={rowActions && ((row) => rowActions(row, ctx))}
        loadChildren={api.children}
      />
      <CrudDialog
        def={def}
        mode={dialog.mode}
        row={dialog.row}
        dicts={dicts}
        onSubmit={save}
        onClose={() => setDialog({})}
        locked={lockedFields}
        name={`${formName}-dialog`}
        formActions={formActions}
      />
    </Card>
  );
  if (!aside) return page;
  return (
    <AsideLayout aside={aside} asideWidth={260}>
      {page}
    </AsideLayout>
  );
}
