import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The few pages the OpenID Connect provider draws itself — the logout confirmation, the page after
 * a logout without a return address, and its error page — in the platform's look (the sign-in
 * page's blue and panel), in Chinese or English as the browser's Accept-Language prefers. Every
 * value shown is escaped.
 */
type Lang = 'zh' | 'en';

const TEXT = {
  zh: {
    logoutTitle: '退出登录',
    logoutAsk: (host: string) => `是否退出 ${host} 的登录？`,
    logoutYes: '退出登录',
    logoutNo: '保持登录',
    doneTitle: '已退出登录',
    done: (app: string) => (app ? `你已退出 ${app} 的登录。` : '你已退出登录。'),
    errorTitle: '登录请求无法完成',
    errorHint: '请返回应用重新发起登录；如果问题持续，请联系管理员并提供以下信息。',
  },
  en: {
    logoutTitle: 'Sign out',
    logoutAsk: (host: string) => `Do you want to sign out of ${host}?`,
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, stay signed in',
    doneTitle: 'Signed out',
    done: (app: string) => (app ? `You have signed out of ${app}.` : 'You have signed out.'),
    errorTitle: 'The sign-in request could not be completed',
    errorHint: 'Go back to the application and start again; if this keeps happening, tell your administrator what is shown below.',
  },
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** English when the browser's first language is English, else Chinese (the platform's own language). */
export function pageLanguage(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

const STYLE = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f0f2f5;
font-family:-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:rgba(0,0,0,.88)}
main{box-sizing:border-box;width:min(400px,100% - 32px);background:#fff;border-radius:8px;padding:32px 28px;
box-shadow:0 6px 16px rgba(0,0,0,.08)}h1{font-size:20px;font-weight:600;margin:0 0 16px;color:#409eff}
p{line-height:1.6;margin:0 0 16px;overflow-wrap:anywhere}button{display:block;width:100%;height:40px;margin-top:12px;border-radius:6px;
font-size:15px;cursor:pointer;border:1px solid #409eff;background:#409eff;color:#fff}button.quiet{background:#fff;color:#409eff}
dl{font-size:13px;background:#fafafa;border-radius:6px;padding:12px;margin:0}dt{font-weight:600}dd{margin:0 0 8px;overflow-wrap:anywhere}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const languageOf = (koa: KoaContextWithOIDC) => pageLanguage(koa.get('accept-language'));

/** The logout confirmation; `form` is the provider's own hidden form (with its xsrf field). */
export async function logoutSource(koa: KoaContextWithOIDC, form: string): Promise<void> {
  const lang = languageOf(koa);
  const t = TEXT[lang];
  koa.type = 'html';
  koa.body = page(
    lang,
    t.logoutTitle,
    `<p>${escapeHtml(t.logoutAsk(new URL(koa.oidc.provider.issuer).host))}</p>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t.logoutYes)}</button>
<button class="quiet" type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button>`,
  );
}

/** After a logout that names no return address. */
export async function postLogoutSuccessSource(koa: KoaContextWithOIDC): Promise<void> {
  const lang = languageOf(koa);
  const t = TEXT[lang];
  const client = koa.oidc.client;
  koa.type = 'html';
  koa.body = page(lang, t.doneTitle, `<p>${escapeHtml(t.done(client?.clientName || client?.clientId || ''))}</p>`);
}

/** The provider's error page: what failed (the OAuth error code and its description), escaped. */
export async function renderError(koa: KoaContextWithOIDC, out: Record<string, unknown>): Promise<void> {
  const lang = languageOf(koa);
  const t = TEXT[lang];
  const details = Object.entries(out)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  koa.type = 'html';
  koa.body = page(lang, t.errorTitle, `<p>${escapeHtml(t.errorHint)}</p><dl>${details}</dl>`);
}
