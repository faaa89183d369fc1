import type { UserEvent } from '@testing-library/user-event';

/** Where to look: the tab shown (a grant dialog), else the whole page. */
const area = () => (document.querySelector('.ant-modal .ant-tabs-content-active') ?? document.body) as HTMLElement;

/** The tree row of a node by its exact title (buttons and labels of the same text are not nodes). */
export function treeNode(title: string, root: HTMLElement = area()): HTMLElement {
  const titles = [...root.querySelectorAll('.ant-tree-title')].filter((el) => el.textContent === title);
  if (titles.length !== 1) throw new Error(`${titles.length} tree nodes titled ${title}`);
  return titles[0].closest('.ant-tree-treenode') as HTMLElement;
}

/** A node's box as the user sees it. */
export function nodeState(title: string, root?: HTMLElement): 'checked' | 'partly' | 'unchecked' {
  const box = treeNode(title, root).querySelector('.ant-tree-checkbox') as HTMLElement;
  if (box.classList.contains('ant-tree-checkbox-checked')) return 'checked';
  if (box.classList.contains('ant-tree-checkbox-indeterminate')) return 'partly';
  return 'unchecked';
}

/** Ticks (or unticks) a node's box. */
export async function tick(user: UserEvent, title: string, root?: HTMLElement): Promise<void> {
  await user.click(treeNode(title, root).querySelector('.ant-tree-checkbox') as HTMLElement);
}

/** Opens every node of the tree (the groups alone are open at first). */
export async function expandAll(user: UserEvent, root: HTMLElement = area()): Promise<void> {
  const link = [...root.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '展开全部');
  if (!link) throw new Error('no 展开全部');
  await user.click(link);
}
