import type { ResourceDef } from '@sso/shared-api';

/** What a screen of its own gets (see the table in index.ts). */
export interface ScreenProps {
  /** The menu entry (menu screens only). */
  menu?: { id: string; code: string; name: string; rawPath: string };
  /** The registry resource the menu's code opens (`resourceForMenu`), when there is one. */
  def?: ResourceDef;
}
