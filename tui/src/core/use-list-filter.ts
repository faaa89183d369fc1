import { type Dispatch, type SetStateAction, useState } from 'react';
import { ANY_COLUMN, typedFilters } from './narrow.js';
import { filterKey, type ListQueryState } from './use-list.js';
import type { FieldSpec } from './view-specs.js';

interface ListFilterInput {
  /** The server's search fields of the resource (none: the any-column field is offered). */
  searchable: readonly FieldSpec[];
  anyColumnLabel: string;
  query: ListQueryState;
  setQuery: Dispatch<SetStateAction<ListQueryState>>;
  /** The filters the rows on screen answer (useList's `filters`). */
  answered: string;
  /** Whether the filter form is open. */
  typing: boolean;
}

/**
 * The `/` filter of a list. While it is typed, the rows read narrow at once to those that pass it
 * (no request per key). Enter keeps it: the server's fields go to the server, which searches every
 * page, and the rows stay narrowed until its answer comes; the any-column field of a resource the
 * server cannot search stays on the rows read. Esc clears every filter.
 */
export function useListFilter({ searchable, anyColumnLabel, query, setQuery, answered, typing }: ListFilterInput) {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [kept, setKept] = useState<Record<string, string>>({});
  const serverSide = searchable.length > 0;
  const fields: readonly FieldSpec[] = serverSide ? searchable : [{ prop: ANY_COLUMN, label: anyColumnLabel, kind: 'text' }];
  const waitingForServer = answered !== filterKey(query.filters);
  const narrowBy = typing ? draft : { ...kept, ...(waitingForServer ? query.filters : {}) };
  return {
    fields,
    draft,
    setDraft,
    narrowBy,
    narrowing: typedFilters(narrowBy).length > 0,
    /** Filters kept after Enter, for the title. */
    kept: [...typedFilters(query.filters), ...typedFilters(kept)],
    open: () => setDraft({ ...Object.fromEntries(fields.map((f) => [f.prop, ''])), ...query.filters, ...kept }),
    keep: (typed: Record<string, string>) => {
      if (serverSide) setQuery((q) => ({ ...q, filters: typed, current: 1 }));
      else setKept(typed);
    },
    clear: () => {
      setDraft({});
      setKept({});
      if (typedFilters(query.filters).length) setQuery((q) => ({ ...q, filters: {}, current: 1 }));
    },
  };
}
