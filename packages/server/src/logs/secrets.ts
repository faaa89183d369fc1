/** Query parameters never written to a log: credentials and tokens (case-insensitive). */
const SECRET_NAMES = new Set([
  'password',
  'refresh_token',
  'access_token',
  'passwordbase64',
  'oldpassword',
  'client_secret',
  'blade-auth',
  'appsecret',
  'secret',
]);

const isSecretName = (name: string) => {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || lower.startsWith('newpassword') || lower.includes('password');
};

/** The query as logged: JSON of its parameters, each secret replaced by `***`. */
export function loggedParams(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  const entries = Object.entries(query as Record<string, unknown>);
  if (!entries.length) return null;
  return JSON.stringify(Object.fromEntries(entries.map(([name, value]) => [name, isSecretName(name) ? '***' : value]))).slice(0, 4000);
}

/** A malformed escape (`%E0%A4%A`) is checked as written rather than failing the entry. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A URL as logged: secret query values replaced by `***`. */
export function loggedUri(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.slice(0, 2000);
  const kept = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = safeDecode(pair.split('=')[0] ?? '');
      return isSecretName(name) ? `${pair.split('=')[0]}=***` : pair;
    });
  return `${url.slice(0, at)}?${kept.join('&')}`.slice(0, 2000);
}
