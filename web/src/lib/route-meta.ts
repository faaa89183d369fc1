/** Route meta: isAuth false allows a route without login; isTab false keeps it out of the tabs. */
export interface RouteMeta {
  isAuth?: boolean;
  isTab?: boolean;
  keepAlive?: boolean;
  /** Whether the sidebar is shown (false for full-page routes inside the shell). */
  menu?: boolean;
  /** i18n key under `route.` of the page title, or a literal title (menu screens). */
  title?: string;
  /** Literal title: already translated (a menu name). */
  literalTitle?: boolean;
  /** The literal title in English (a menu's English name), when there is one. */
  titleEn?: string;
}

export const LOGIN = '/login';
export const LOCK = '/lock';
export const PASSWORD_LOCK = '/password-lock';
