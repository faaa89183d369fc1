import * as md5module from 'js-md5';

type Md5Fn = (text: string) => string;
// js-md5 is CommonJS: its function arrives as the default export or as `.md5`, by bundler.
const md5fn: Md5Fn = (md5module as unknown as { md5?: Md5Fn }).md5 ?? (md5module as unknown as { default: Md5Fn }).default;

/** md5 hex of a password, as the browser sends it at sign-in (works in browser and Node). */
export function md5(text: string): string {
  return md5fn(text);
}

export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(b64: string): string {
  const binary = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
