import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Where to look: the tab shown (a grant dialog), else the whole page (the package dialog). */
const area = () => (document.querySelector('.ant-tabs-tabpane-active') ?? document.body) as HTMLElement;

/** The tree row of a node by its title. */
export function treeNode(title: string): HTMLElement {
  const row = within(area()).getByText(title).closest('.ant-tree-treenode');
  if (!row) throw new Error(`no tree node ${title}`);
  return row as HTMLElement;
}

/** A node's box as the user sees it. */
export function nodeState(title: string): 'checked' | 'partly' | 'unchecked' {
  const box = treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement;
  if (box.classList.contains('ant-tree-checkbox-checked')) return 'checked';
  if (box.classList.contains('ant-tree-checkbox-indeterminate')) return 'partly';
  return 'unchecked';
}

/** Ticks (or unticks) a node's box. */
export async function tick(user: UserEvent, title: string): Promise<void> {
  await user.click(treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement);
}
