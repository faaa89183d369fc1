import type { QueryValue, ResourceDef } from '@sso/shared-api';
import { Box, type Key, Text, useInput } from 'ink';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useCapture } from '../core/capture.js';
import { useConsole } from '../core/console.js';
import { labelOf, useLang } from '../core/i18n.js';
import { type ChoiceMap, cellText, loadChoices, searchFields, tableColumns } from '../core/resource-view.js';
import { flatten, treePrefix, windowAround } from '../core/tree.js';
import { type ListQueryState, PAGE_SIZES, type Row, useList } from '../core/use-list.js';
import { useRefState } from '../core/use-ref-state.js';
import { ConfirmLine } from './confirm-line.js';
import { DetailView } from './detail-view.js';
import { FieldList } from './field-list.js';
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
  hints?: string;
  /** `f` follows new records (logs): page 1 is read again every `followMs`. */
  followMs?: number;
  /** Something of the screen drawn over the list (a picker); the list takes no keys meanwhile. */
  overlay?: ReactNode;
}

type Mode =
  | { kind: 'list' }
  | { kind: 'search' }
  | { kind: 'form'; row?: Row }
  | { kind: 'detail'; row: Row }
  | { kind: 'confirm'; rows: Row[] };

/**
 * The screen of any registry resource: its table (or tree), paging with the five page sizes, the
 * search form from its filters, sort, details, create and edit forms, delete with confirmation and
 * multi-select, all from the definition.
 */
export function ListScreen(props: ListScreenProps) {
  const { def, active, width, height, scope = {}, onKey, onOpen, followMs, overlay } = props;
  const { client, run, notify } = useConsole();
  const { lang, t } = useLang();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [query, setQuery] = useState<ListQueryState>({ current: 1, size: PAGE_SIZES[0], sort: def.defaultSort, filters: {} });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [tick, setTick] = useState(0);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  const [checked, setChecked, checkedRef] = useRefState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [following, setFollowing] = useState(false);
  const [choices, setChoices] = useState<ChoiceMap>({});
  const list = useList(def, scope, query, tick);
  const key = def.keyField;
  const actions = { add: true, edit: true, remove: true, view: true, ...def.view.actions };
  const writable = def.routes === 'all';
  useCapture(active && (mode.kind !== 'list' || overlay !== undefined));

  useEffect(() => {
    void loadChoices(client, def, lang).then(setChoices);
  }, [client, def, lang]);
  useEffect(() => {
    if (!following || !followMs) return;
    const timer = setInterval(() => setTick((n) => n + 1), followMs);
    return () => clearInterval(timer);
  }, [following, followMs]);

  const tree = def.shape === 'tree';
  const lines = useMemo(
    () =>
      tree
        ? flatten<Row>(list.rows, (row) => String(row[key]), expanded)
        : list.rows.map((node) => ({ node, depth: 0, key: String(node[key]), hasChildren: false, expanded: false })),
    [tree, list.rows, key, expanded],
  );
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
    reload: () => setTick((n) => n + 1),
    clearChecked: () => setChecked(new Set()),
  });
  const fields = searchFields(def, lang, choices);

  const remove = async (rows: Row[]) => {
    const ids = rows.map((r) => String(r[key])).join(',');
    const done = await run(() => client.call('POST', `${def.basePath}/remove`, { [def.naturalKey?.removeParam ?? 'ids']: ids }));
    if (done !== undefined) {
      notify(t('removed'));
      setChecked(new Set());
      setTick((n) => n + 1);
    }
  };

  useInput(
    (input, k) => {
      const { at, row, targets } = pick(cursorRef.current, checkedRef.current);
      const handle = handleFor(row, targets);
      if (onKey?.(input, k, handle)) return;
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
      if (input === '/' && fields.length) {
        setDraft({ ...Object.fromEntries(fields.map((f) => [f.prop, ''])), ...query.filters });
        return setMode({ kind: 'search' });
      }
      if (input === 'r') return handle.reload();
      if (input === 'f' && followMs) return setFollowing((f) => !f);
      if (input === 'z' && !tree) {
        const next = (size: number) => PAGE_SIZES[(PAGE_SIZES.indexOf(size as (typeof PAGE_SIZES)[number]) + 1) % PAGE_SIZES.length];
        return setQuery((q) => ({ ...q, size: next(q.size), current: 1 }));
      }
      if ((input === 's' || input === 'S') && !tree) {
        const sorts = def.sorts;
        return setQuery((q) => {
          const column = input === 's' ? sorts[(sorts.indexOf(q.sort.column) + 1) % sorts.length] : q.sort.column;
          return { ...q, sort: { column, desc: input === 'S' ? !q.sort.desc : q.sort.desc }, current: 1 };
        });
      }
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
          setTick((n) => n + 1);
        }}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  if (mode.kind === 'detail')
    return <DetailView def={def} row={mode.row} active={active} width={width} onClose={() => setMode({ kind: 'list' })} />;

  const columns = tableColumns(def, lang);
  const status = [
    tree
      ? t('total', { n: list.total })
      : `${t('total', { n: list.total })} · ${t('page', { p: query.current, n: list.pages })} · ${t('perPage', { n: query.size })}`,
    tree ? '' : t('sortBy', { c: `${query.sort.column}${query.sort.desc ? '↓' : '↑'}` }),
    checked.size ? t('selected', { n: checked.size }) : '',
    following ? t('follow') : '',
    list.loading ? t('loading') : '',
  ].filter(Boolean);
  const activeFilters = Object.entries(query.filters).filter(([, v]) => v !== '');
  const room = Math.max(3, height - 5 - (mode.kind === 'search' ? fields.length + 1 : 0) - (overlay ? 12 : 0));
  const shown = windowAround(lines, at, room);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color="cyan" wrap="truncate">
        {title}
        {activeFilters.length ? <Text dimColor>{`  ${t('search')}: ${activeFilters.map(([p, v]) => `${p}=${v}`).join(' ')}`}</Text> : null}
      </Text>
      {mode.kind === 'search' ? (
        <Box flexDirection="column" borderStyle="single" borderColor="gray" paddingX={1}>
          <FieldList
            fields={fields}
            values={draft}
            setValues={setDraft}
            onSubmit={(typed) => {
              setQuery({ ...query, filters: typed, current: 1 });
              setCursor(0);
              setMode({ kind: 'list' });
            }}
            onCancel={() => setMode({ kind: 'list' })}
            active={active}
            width={width - 4}
          />
          <Text dimColor>{t('searchHint')}</Text>
        </Box>
      ) : null}
      {list.loaded && !lines.length ? (
        <Text dimColor>{t('noRows')}</Text>
      ) : (
        <Table
          columns={columns}
          rows={shown.items.map((line) => line.node)}
          width={width}
          cursor={at - shown.start}
          checked={checked}
          rowKey={key}
          cell={(r, column) => {
            const text = cellText(def, r, column.key);
            const line = shown.items.find((l) => l.node === r);
            return tree && line && column === columns[0] ? treePrefix(line) + text : text;
          }}
        />
      )}
      <Text dimColor wrap="truncate">
        {status.join(' · ')}
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
      <Text dimColor wrap="truncate">
        {tree ? t('treeKeys') : t('listKeys')}
      </Text>
      {followMs ? <Text dimColor>{t('followKey')}</Text> : null}
      {props.hints ? (
        <Text dimColor wrap="truncate">
          {props.hints}
        </Text>
      ) : null}
    </Box>
  );
}
