import { z } from 'zod';

/** The fields of a node of a selection tree (BladeX TreeNode and INode): title, and key and value for pickers. */
export const treeNodeFields = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean(),
});

/** A node of a selection tree with its children: what tree pickers of depts, roles and menus show. */
export interface TreeNode extends z.infer<typeof treeNodeFields> {
  children?: TreeNode[];
}

export const treeNode: z.ZodType<TreeNode> = z.object({
  ...treeNodeFields.shape,
  get children() {
    return z.array(treeNode).optional();
  },
});

/** `tenantId` of a tree query: only platform administrators may name another tenant. */
export const tenantIdQuery = z.object({ tenantId: z.string().max(12).optional() });

/** A paged answer of the given rows. */
export const pageOfRows = <T extends z.ZodType>(row: T) =>
  z.object({ records: z.array(row), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });
