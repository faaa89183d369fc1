import type { TreeNode } from '@sso/shared-api';
import { useEffect, useState } from 'react';
import { client } from '../../api/client.js';

export interface UserTrees {
  depts: TreeNode[];
  roles: TreeNode[];
  /** Both loads have ended (a failed one was toasted and leaves its tree empty). */
  ready: boolean;
}

/** The department and role trees of the caller's tenant: the aside, the grant dialog and the row names. */
export function useUserTrees(): UserTrees {
  const [trees, setTrees] = useState<UserTrees>({ depts: [], roles: [], ready: false });
  useEffect(() => {
    let live = true;
    const settled = <T>(promise: Promise<T[]>) => promise.catch(() => [] as T[]);
    void Promise.all([settled(client.system.dept.tree()), settled(client.system.role.tree())]).then(([depts, roles]) => {
      if (live) setTrees({ depts, roles, ready: true });
    });
    return () => {
      live = false;
    };
  }, []);
  return trees;
}
