import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A library that an idle server does not need (spreadsheets, captcha drawing, WebAuthn, SAML's
 * certificates, workflow, MySQL, Redis, pinyin, the outbound HTTP client), loaded the first time it is used instead of at
 * start: each holds megabytes of code and data, and most deployments use a few of them, some
 * never. Loaded synchronously by its CommonJS build, so a synchronous caller stays synchronous.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(name) as T;
    return loaded;
  };
}
