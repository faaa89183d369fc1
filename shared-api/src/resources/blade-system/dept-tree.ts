import { z } from 'zod';

/** A node of a selection tree (BladeX TreeNode): what tree pickers of depts and roles show. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

export const treeNode: z.ZodType<TreeNode> = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(treeNode).optional();
  },
});

/** `tenantId` of a tree query: only platform administrators may name another tenant. */
export const tenantIdQuery = z.object({ tenantId: z.string().max(12).optional() });

/** A paged answer of the given rows. */
export const pageOfRows = <T extends z.ZodType>(row: T) =>
  z.object({ records: z.array(row), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });
