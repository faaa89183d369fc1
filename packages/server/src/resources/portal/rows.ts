import { type PortalAppRow, SAML_APP_PARAM } from '@sso/shared-api';
import type { VisibleApp } from '../../apps/who-may-open.js';

/** An application as the portal answers it: no secret, no redirect URIs, no pinyin index. */
export function portalRow(app: VisibleApp): PortalAppRow {
  return {
    id: app.id,
    appCode: app.appCode,
    appName: app.appName,
    appType: app.appType ?? '',
    appCategory: app.appCategory ?? '',
    appUrl: app.appUrl ?? '',
    protocol: app.protocol,
    icon: app.icon ?? '',
    color: app.color ?? '',
    description: app.description ?? '',
    sort: app.sort,
  };
}

/** Letters and digits of a search, lower case, as the pinyin columns hold them. */
const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether an application matches the portal's search: its name contains the text (any case), or
 * its pinyin initials or full pinyin, computed when the name was saved, contain it (cw, caiwu → 财务系统).
 */
export function matchesSearch(app: VisibleApp, search: string | undefined): boolean {
  const text = search?.trim();
  if (!text) return true;
  if (app.appName.toLowerCase().includes(text.toLowerCase())) return true;
  const typed = letters(text);
  return typed.length > 0 && [app.nameInitials, app.namePinyin].some((index) => index?.includes(typed));
}

/** A page of an in-memory list (the visible applications are few and already cached). */
export function pageOf<T>(rows: T[], query: { current?: number; size?: number }) {
  const size = query.size ?? 10;
  const current = query.current ?? 1;
  return {
    records: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    size,
    current,
    pages: Math.ceil(rows.length / size),
  };
}

/** Where an open goes: a link's address; an application that signs on starts the protocol. */
export function startUrl(app: VisibleApp): string {
  const registered =
    (app.redirectUris ?? '')
      .split(',')
      .map((uri) => uri.trim())
      .find(Boolean) ?? '';
  switch (app.protocol) {
    case 'cas':
      return `/cas/login?service=${encodeURIComponent(registered)}`;
    case 'saml':
      // The sign-in page asks for an unsolicited response and posts it to the application.
      return `/login?${SAML_APP_PARAM}=${encodeURIComponent(app.appCode)}`;
    case 'token':
      return `/login?appCode=${encodeURIComponent(app.appCode)}&redirect=${encodeURIComponent(registered)}`;
    default:
      // link: its address; oidc: the application's entry, which starts the code flow with the platform.
      return app.appUrl || registered;
  }
}
