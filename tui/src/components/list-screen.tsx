import type { QueryValue, ResourceDef } from '@sso/shared-api';
import { Box, type Key, Text, useInput } from 'ink';
import { type ReactNode, useEffect, useState } from 'react';
import { useCapture } from '../core/capture.js';
import { useConsole } from '../core/console.js';
import { labelOf, useLang } from '../core/i18n.js';
import { listLines } from '../core/list-lines.js';
import { nextPageSize, nextSortColumn, reversedSort } from '../core/list-query.js';
import { ANY_COLUMN } from '../core/narrow.js';
import { type ChoiceMap, cellText, loadChoices, searchFields, tableColumns } from '../core/resource-view.js';
import { treePrefix, windowAround } from '../core/tree.js';
import { useAutoRefresh } from '../core/use-auto-refresh.js';
import { type ListQueryState, PAGE_SIZES, type Row, useList } from '../core/use-list.js';
import { useListFilter } from '../core/use-list-filter.js';
import { useRefState } from '../core/use-ref-state.js';
import { ConfirmLine } from './confirm-line.js';
import { DetailView } from './detail-view.js';
import { FILTER_BOX_CHROME, FilterBox } from './filter-box.js';
import { footerLines, ListFooter, statusText } from './list-footer.js';
import { RawView } from './raw-view.js';
import { RecordForm } from './record-form.js';
import { Table } from './table.js';

/** What a screen built on the list reaches when it handles a key of its own. */
export interface ListHandle {
  row: Row | undefined;
  /** The checked rows, else the current one. */
  targets: Row[];
  reload(): void;
  clearChecked(): void;
}

export interface ListScreenProps {
  def: ResourceDef;
  active: boolean;
  /** False while something else covers the screen (the sign-in form): it reads nothing by itself then. */
  shown?: boolean;
  width: number;
  height: number;
  /** Fixed filters of the screen (the department picked beside users, the dictionary of entries). */
  scope?: Record<string, QueryValue>;
  title?: string;
  /** Values a new row starts with. */
  newDefaults?: Record<string, string>;
  /** Keys of the screen beyond the generic ones; answers true when it used the key. */
  onKey?: (input: string, key: Key, list: ListHandle) => boolean;
  /** Enter on a row, instead of the detail view. */
  onOpen?: (row: Row) => void;
  /** Esc on the table (not in a form or the filter, where Esc is theirs): back to what opened it. */
  onBack?: () => void;
  hints?: string;
  /** Rows the platform writes by itself (logs): read again `refreshMs` after each answer while the table is shown; `f` pauses. */
  refreshMs?: number;
  /** Something of the screen drawn over the list (a picker); the list takes no keys meanwhile. */
  overlay?: ReactNode;
  /** The route that answers the rows, when it is not the resource's `list` (my work's `todo-list`). */
  listPath?: string;
}

type Mode =
  | { kind: 'list' }
  | { kind: 'search' }
  | { kind: 'form'; row?: Row }
  | { kind: 'detail'; row: Row }
  | { kind: 'raw'; row: Row }
  | { kind: 'confirm'; rows: Row[] };

/**
 * The screen of any registry resource: its table (or tree), paging with the five page sizes, the
 * `/` filter (rows narrow as it is typed, the server searches on Enter), sort, details, the raw
 * JSON of a row, create and edit forms, delete with confirmation and multi-select, all from the
 * definition; `r` (or Ctrl+R) reads it again, and a screen of rows that change by themselves reads
 * them again on its own.
 */
export function ListScreen(props: ListScreenProps) {
  const { def, active, shown = true, width, height, scope = {}, onKey, onOpen, onBack, refreshMs, overlay, listPath } = props;
  const { client, run, notify } = useConsole();
  const { lang, t } = useLang();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [query, setQuery] = useState<ListQueryState>({ current: 1, size: PAGE_SIZES[0], sort: def.defaultSort, filters: {} });
  const [tick, setTick] = useState(0);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  const [checked, setChecked, checkedRef] = useRefState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [following, setFollowing] = useState(true);
  const [choices, setChoices] = useState<ChoiceMap>({});
  const list = useList(def, scope, query, tick, listPath);
  const key = def.keyField;
  const actions = { add: true, edit: true, remove: true, view: true, ...def.view.actions };
  const writable = def.routes === 'all';
  const reload = () => setTick((n) => n + 1);
  useCapture(active && (mode.kind !== 'list' || overlay !== undefined));

  useEffect(() => {
    void loadChoices(client, def, lang).then(setChoices);
  }, [client, def, lang]);
  // A form, the details or the JSON of a row cover the table: nothing is read by itself meanwhile.
  const tableShown = mode.kind === 'list' || mode.kind === 'search' || mode.kind === 'confirm';
  useAutoRefresh({
    on: Boolean(refreshMs) && following && shown && tableShown,
    everyMs: refreshMs ?? 0,
    loading: list.loading,
    settled: list.settled,
    reload,
  });

  const filter = useListFilter({
    searchable: searchFields(def, lang, choices),
    anyColumnLabel: t('anyColumn'),
    query,
    setQuery,
    answered: list.filters,
    typing: mode.kind === 'search',
  });
  const columns = tableColumns(def, lang);
  const tree = def.shape === 'tree';
  const lines = listLines({ def, rows: list.rows, expanded, narrowBy: filter.narrowBy, shownProps: columns.map((c) => c.key) });
  /** The row under the cursor and the rows an action applies to (the checked ones, else that row). */
  const pick = (cursorAt: number, marked: ReadonlySet<string>) => {
    const at = Math.min(cursorAt, Math.max(0, lines.length - 1));
    const row = lines[at]?.node;
    const targets = marked.size ? lines.map((l) => l.node).filter((r) => marked.has(String(r[key]))) : row ? [row] : [];
    return { at, row, targets };
  };
  const { at } = pick(cursor, checked);
  const handleFor = (row: Row | undefined, targets: Row[]): ListHandle => ({
    row,
    targets,
    reload,
    clearChecked: () => setChecked(new Set()),
  });

  const remove = async (rows: Row[]) => {
    const ids = rows.map((r) => String(r[key])).join(',');
    const done = await run(() => client.call('POST', `${def.basePath}/remove`, { [def.naturalKey?.removeParam ?? 'ids']: ids }));
    if (done !== undefined) {
      notify(t('removed'));
      setChecked(new Set());
      reload();
    }
  };

  useInput(
    (input, k) => {
      const { at, row, targets } = pick(cursorRef.current, checkedRef.current);
      const handle = handleFor(row, targets);
      if (onKey?.(input, k, handle)) return;
      if (k.escape && onBack) return onBack();
      if (k.upArrow || input === 'k') return setCursor(Math.max(0, at - 1));
      if (k.downArrow || input === 'j') return setCursor(Math.min(lines.length - 1, at + 1));
      if (tree && k.rightArrow && lines[at]?.hasChildren) return setExpanded((s) => new Set(s).add(lines[at].key));
      if (tree && k.leftArrow) {
        const next = new Set(expanded);
        next.delete(lines[at]?.key ?? '');
        return setExpanded(next);
      }
      if (!tree && (k.rightArrow || k.pageDown) && query.current < list.pages) return turn(query.current + 1);
      if (!tree && (k.leftArrow || k.pageUp) && query.current > 1) return turn(query.current - 1);
      if (k.return && row) return onOpen ? onOpen(row) : actions.view && setMode({ kind: 'detail', row });
      if (input === 'y' && row) return setMode({ kind: 'raw', row });
      if (input === '/') {
        filter.open();
        return setMode({ kind: 'search' });
      }
      // Ctrl+R arrives as `r` with ctrl: it reads again as well, as it draws another captcha at sign-in.
      if (input === 'r') return handle.reload();
      if (input === 'f' && refreshMs) return setFollowing((f) => !f);
      if (input === 'z' && !tree) return setQuery(nextPageSize);
      if (input === 's' && !tree) return setQuery((q) => nextSortColumn(q, def.sorts));
      if (input === 'S' && !tree) return setQuery(reversedSort);
      if (input === ' ' && row) {
        const id = String(row[key]);
        const next = new Set(checkedRef.current);
        if (!next.delete(id)) next.add(id);
        setChecked(next);
        return setCursor(Math.min(lines.length - 1, at + 1));
      }
      if (!writable) return;
      if (input === 'n' && actions.add) return setMode({ kind: 'form' });
      if (input === 'e' && actions.edit && row) return setMode({ kind: 'form', row });
      if (input === 'd' && actions.remove && targets.length) return setMode({ kind: 'confirm', rows: targets });
    },
    { isActive: active && mode.kind === 'list' && overlay === undefined },
  );
  const turn = (current: number) => {
    setQuery((q) => ({ ...q, current }));
    setCursor(0);
  };

  const title = props.title ?? labelOf(lang, def.view.title);
  if (mode.kind === 'form')
    return (
      <RecordForm
        def={def}
        row={mode.row}
        defaults={props.newDefaults}
        choices={choices}
        active={active}
        width={width}
        onSaved={() => {
          setMode({ kind: 'list' });
          reload();
        }}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  if (mode.kind === 'detail')
    return <DetailView def={def} row={mode.row} active={active} width={width} onClose={() => setMode({ kind: 'list' })} />;
  if (mode.kind === 'raw')
    return (
      <RawView title={title} record={mode.row} active={active} width={width} height={height} onClose={() => setMode({ kind: 'list' })} />
    );

  const status = statusText({
    lang,
    tree,
    total: list.total,
    page: query.current,
    pages: list.pages,
    size: query.size,
    sort: query.sort,
    narrowed: filter.narrowing ? lines.length : undefined,
    checked: checked.size,
    refresh: refreshMs ? { seconds: refreshMs / 1000, paused: !following } : undefined,
    loading: list.loading,
  });
  const footer = footerLines({ lang, tree, writable, refreshes: Boolean(refreshMs), hints: props.hints });
  const filterLines = mode.kind === 'search' ? filter.fields.length + FILTER_BOX_CHROME : 0;
  const room = Math.max(3, height - 3 - footer.length - filterLines - (mode.kind === 'confirm' ? 1 : 0) - (overlay ? 12 : 0));
  const drawn = windowAround(lines, at, room);
  const backToList = () => {
    setCursor(0);
    setMode({ kind: 'list' });
  };
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color="cyan" wrap="truncate">
        {title}
        {filter.kept.length ? (
          <Text dimColor>{`  ${t('search')}: ${filter.kept.map(([p, v]) => (p === ANY_COLUMN ? v : `${p}=${v}`)).join(' ')}`}</Text>
        ) : null}
      </Text>
      {mode.kind === 'search' ? (
        <FilterBox
          fields={filter.fields}
          values={filter.draft}
          setValues={(update) => {
            filter.setDraft(update);
            setCursor(0);
          }}
          onKeep={(typed) => {
            filter.keep(typed);
            backToList();
          }}
          onClear={() => {
            filter.clear();
            backToList();
          }}
          active={active}
          width={width}
        />
      ) : null}
      {list.loaded && !lines.length ? (
        <Text dimColor>{t('noRows')}</Text>
      ) : (
        <Table
          columns={columns}
          rows={drawn.items.map((line) => line.node)}
          width={width}
          cursor={at - drawn.start}
          checked={checked}
          rowKey={key}
          cell={(r, column) => {
            const text = cellText(def, r, column.key);
            const line = drawn.items.find((l) => l.node === r);
            return tree && line && column === columns[0] ? treePrefix(line) + text : text;
          }}
        />
      )}
      <Text dimColor wrap="truncate">
        {status}
      </Text>
      {mode.kind === 'confirm' ? (
        <ConfirmLine
          question={t('confirmRemove', { n: mode.rows.length })}
          active={active}
          onAnswer={(yes) => {
            setMode({ kind: 'list' });
            if (yes) void remove(mode.rows);
          }}
        />
      ) : null}
      {overlay}
      <ListFooter lines={footer} />
    </Box>
  );
}
