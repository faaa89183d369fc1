import type { SsoClient } from '@sso/shared-api';
import { AuthClient, type ClientOptions, HANDOFF_PATH } from '@sso/shared-api/auth';
import { reportError } from './errors.js';

type CallArgs = Parameters<AuthClient['call']>;

/** Calls whose failures the caller reports itself (a refused hand-off names the address, for longer). */
const SELF_REPORTED = new Set<string>([HANDOFF_PATH]);

// The resource namespaces, typed as SsoClient has them (a class and an interface of one name merge).
export interface WebClient extends Omit<SsoClient, keyof AuthClient> {}

/**
 * The SDK client with the console's response handling: every /api call that fails shows its
 * toast here, once, then rejects so the caller can stop its loading state. Sign-in and refresh
 * (the token endpoint) are not routed through `call`: the login page shows their
 * error_description itself.
 *
 * It is the SDK's sign-in part only, so that the entry and the sign-in page carry no resource
 * definitions; the registry's namespaces (`client.system`, ...) are attached by `loadResources`
 * (api/client.ts), which every signed-in page awaits before it renders.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: loadResources assigns every namespace
export class WebClient extends AuthClient {
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
