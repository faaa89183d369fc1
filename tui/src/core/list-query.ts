import { type ListQueryState, PAGE_SIZES } from './use-list.js';

/** `z`: the next of the five page sizes (after 200, 10 again), from page 1. */
export function nextPageSize(q: ListQueryState): ListQueryState {
  const at = PAGE_SIZES.indexOf(q.size as (typeof PAGE_SIZES)[number]);
  return { ...q, size: PAGE_SIZES[(at + 1) % PAGE_SIZES.length], current: 1 };
}

/** `s`: sort by the next sortable column, in the same direction, from page 1. */
export function nextSortColumn(q: ListQueryState, sorts: readonly string[]): ListQueryState {
  return { ...q, sort: { ...q.sort, column: sorts[(sorts.indexOf(q.sort.column) + 1) % sorts.length] }, current: 1 };
}

/** `S`: the other direction, from page 1. */
export function reversedSort(q: ListQueryState): ListQueryState {
  return { ...q, sort: { ...q.sort, desc: !q.sort.desc }, current: 1 };
}
