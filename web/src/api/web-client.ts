import { type ClientOptions, HANDOFF_PATH, SsoClient } from '@sso/shared-api';
import { reportError } from './errors.js';

type CallArgs = Parameters<SsoClient['call']>;

/** Calls whose failures the caller reports itself (a refused hand-off names the address, for longer). */
const SELF_REPORTED = new Set<string>([HANDOFF_PATH]);

/**
 * The SDK client with the console's response handling: every /api call that fails shows its
 * toast here, once, then rejects so the caller can stop its loading state. Sign-in and refresh
 * (the token endpoint) are not routed through `call`: the login page shows their
 * error_description itself.
 */
export class WebClient extends SsoClient {
  constructor(
    options: ClientOptions,
    private readonly onError: (error: unknown) => void = reportError,
  ) {
    super(options);
  }

  override async call<T>(...args: CallArgs): Promise<T> {
    try {
      return await super.call<T>(...args);
    } catch (error) {
      if (!SELF_REPORTED.has(args[1])) this.onError(error);
      throw error;
    }
  }
}
