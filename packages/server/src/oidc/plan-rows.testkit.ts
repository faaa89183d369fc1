/** What a statement's plan (`explain (analyze, format json)`) read, for tests that bound it. */
interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

/**
 * Rows a statement's plan read from `table`: what its scans of the table returned and what their
 * filters (or a join's filter above them) threw away, over every loop.
 */
export function rowsReadFrom(explained: unknown, table: string): number {
  const document = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan: PlanNode }[];
  let rows = 0;
  const visit = (node: PlanNode) => {
    const loops = node['Actual Loops'] ?? 1;
    if (node['Relation Name'] === table) rows += ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops;
    rows += (node['Rows Removed by Join Filter'] ?? 0) * loops;
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const { Plan } of document) visit(Plan);
  return rows;
}
