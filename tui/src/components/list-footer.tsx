import { Text } from 'ink';
import { type Lang, translate } from '../core/i18n.js';

interface FooterInput {
  lang: Lang;
  tree: boolean;
  /** The resource takes new rows, edits and deletes. */
  writable: boolean;
  /** The screen refreshes by itself (`f` pauses it). */
  refreshes: boolean;
  /** The screen's own keys. */
  hints?: string;
}

/**
 * The key lines under a list: moving and reading first, then writing where the resource allows
 * it (a read-only log offers no `n`), then the pause of a screen that refreshes itself, then the
 * screen's own keys. The list counts them to know how many rows it has room for.
 */
export function footerLines({ lang, tree, writable, refreshes, hints }: FooterInput): string[] {
  return [
    translate(lang, tree ? 'treeKeys' : 'listKeys'),
    writable ? translate(lang, 'editKeys') : '',
    refreshes ? translate(lang, 'refreshKey') : '',
    hints ?? '',
  ].filter(Boolean);
}

export function ListFooter({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line) => (
        <Text key={line} dimColor wrap="truncate">
          {line}
        </Text>
      ))}
    </>
  );
}

interface StatusInput {
  lang: Lang;
  tree: boolean;
  total: number;
  page: number;
  pages: number;
  size: number;
  sort: { column: string; desc: boolean };
  /** Rows left by the filter being typed (or kept on the rows read), if one is. */
  narrowed?: number;
  checked: number;
  /** The pause between reads of a screen that refreshes itself, and whether it is paused. */
  refresh?: { seconds: number; paused: boolean };
  loading: boolean;
}

/** The line under a table: how many rows and pages, the sort, the marked rows, the refresh, a read under way. */
export function statusText(s: StatusInput): string {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(s.lang, key, vars);
  return [
    s.tree
      ? t('total', { n: s.total })
      : `${t('total', { n: s.total })} · ${t('page', { p: s.page, n: s.pages })} · ${t('perPage', { n: s.size })}`,
    s.narrowed !== undefined ? t('narrowed', { n: s.narrowed }) : '',
    s.tree ? '' : t('sortBy', { c: `${s.sort.column}${s.sort.desc ? '↓' : '↑'}` }),
    s.checked ? t('selected', { n: s.checked }) : '',
    s.refresh ? (s.refresh.paused ? t('refreshPaused') : t('refreshing', { s: s.refresh.seconds })) : '',
    s.loading ? t('loading') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
