import type { PasskeyRequestOptions } from '@sso/shared-api/auth';

/** Whether this browser can use passkeys at all (WebAuthn present; a page over plain http:// other than localhost has none). */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Asks the browser for a passkey answering the server's request options, as the JSON text the
 * server verifies. Loaded on first use: the WebAuthn helper stays out of the sign-in page's bundle.
 */
export async function answerWithPasskey(options: PasskeyRequestOptions): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startAuthentication({ optionsJSON: options as never }));
}

/** Asks the browser to create a passkey for the server's creation options, as the JSON text the server verifies. */
export async function createPasskey(options: unknown): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startRegistration({ optionsJSON: options as never }));
}

/** A refusal by the person or the browser (cancelled, timed out, no passkey) rather than by the server. */
export const cancelledByBrowser = (error: unknown) =>
  error instanceof Error &&
  /NotAllowedError|AbortError|ERROR_CEREMONY_ABORTED|timed out|not allowed/i.test(
    `${error.name} ${error.message} ${(error as { code?: string }).code ?? ''}`,
  );
