/**
 * CAS `renew=true`: the application asks for a credential presented in this sign-in, so a
 * session the browser already had never answers it. Arriving signed in, the page notes the
 * request, ends the session and shows the form; the sign-in made after that note (in this tab,
 * within ten minutes, for the same service) is the one a renew ticket is asked for. The server
 * still decides: a sign-in that presented no credential (a social one) is refused, and the
 * form shows again.
 */
const KEY = 'sso-cas-renew';
const NOTE_LIFETIME_MS = 10 * 60_000;

interface RenewNote {
  service: string;
  at: number;
}

/** Notes that the form is shown again for this service's renew (before the session is ended). */
export function noteRenewSignIn(service: string, now = Date.now()): void {
  sessionStorage.setItem(KEY, JSON.stringify({ service, at: now } satisfies RenewNote));
}

/**
 * Whether the current session was signed in after a renew note for this service; the note is
 * spent either way, so one sign-in answers one renew.
 */
export function takeRenewSignIn(service: string, now = Date.now()): boolean {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return false;
  try {
    const note = JSON.parse(raw) as Partial<RenewNote>;
    return note.service === service && typeof note.at === 'number' && now - note.at >= 0 && now - note.at < NOTE_LIFETIME_MS;
  } catch {
    return false;
  }
}
