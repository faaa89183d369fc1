import type { ResourceDef } from '@sso/shared-api';
import { rowPasses, typedFilters } from './narrow.js';
import { everyKey, type FlatNode, flatten } from './tree.js';
import type { Row } from './use-list.js';

interface LinesInput {
  def: ResourceDef;
  rows: readonly Row[];
  /** The tree nodes opened with →. */
  expanded: ReadonlySet<string>;
  /** The filter the rows must pass (none typed: every row). */
  narrowBy: Record<string, string>;
  /** The props of the columns shown, which the any-column filter looks in. */
  shownProps: readonly string[];
}

/**
 * The lines of a table: its rows, or a tree's open nodes, narrowed to those that pass the filter.
 * A filter looks at every node of a tree, the collapsed ones too.
 */
export function listLines({ def, rows, expanded, narrowBy, shownProps }: LinesInput): FlatNode<Row>[] {
  const keyOf = (row: Row) => String(row[def.keyField]);
  const narrowing = typedFilters(narrowBy).length > 0;
  const all =
    def.shape === 'tree'
      ? flatten<Row>(rows, keyOf, narrowing ? everyKey(rows, keyOf) : expanded)
      : rows.map((node) => ({ node, depth: 0, key: keyOf(node), hasChildren: false, expanded: false }));
  return narrowing ? all.filter((line) => rowPasses(def, line.node, narrowBy, shownProps)) : all;
}
