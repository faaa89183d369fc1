import type { MenuTreeNode } from '@sso/shared-api';
import { render, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { FeedbackBridge } from '../api/feedback-bridge.js';
import { userStore } from '../session/user-store.js';

// Component tests only: what screen tests share. Role queries walk antd's large DOM slowly in jsdom,
// so buttons and dialogs are found by their text.

/** Renders `ui` inside antd's App with the bridge that shows the api client's toasts and confirms. */
export const renderWithFeedback = (ui: ReactNode) =>
  render(
    <AntApp>
      <FeedbackBridge />
      {ui}
    </AntApp>,
  );

/** Signs in a user holding exactly these button permission codes. */
export const grant = (...codes: string[]) =>
  userStore.set({ permissions: Object.fromEntries(codes.map((c) => [c, true as const])), roles: [], loaded: true });

/** Matches a button's whole text, which antd spaces between two Chinese characters (提 交). */
export const spaced = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/** The button in `container` whose text is `text`. */
export const buttonIn = (container: HTMLElement, text: string) =>
  within(container).getByText(spaced(text)).closest('button') as HTMLElement;

/** Every button in `container` whose text is `text` (none is fine). */
export const buttonsIn = (container: HTMLElement, text: string) =>
  within(container)
    .queryAllByText(spaced(text))
    .map((el) => el.closest('button') as HTMLElement);

/** The open dialog whose title is exactly `title`, once it shows. */
export const dialogTitled = (title: string) =>
  waitFor(() => {
    const titleEl = [...document.querySelectorAll('.ant-modal-title')].find((el) => el.textContent === title);
    if (!titleEl) throw new Error(`no dialog ${title}`);
    return titleEl.closest('.ant-modal') as HTMLElement;
  });

/** A node of the menu tree as the server sends it; a parent is given its children. */
export const menuNode = (id: string, parentId: string, title: string, children?: MenuTreeNode[]): MenuTreeNode => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children?.length),
  ...(children ? { children } : {}),
});
