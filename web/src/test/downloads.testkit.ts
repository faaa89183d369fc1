import { vi } from 'vitest';

/** A file a screen handed to the browser: its name and size in bytes (-1 when no blob backs it). */
export interface HandedFile {
  name: string;
  size: number;
}

/**
 * Answers the calls whose path matches `paths` with `bytes` of `contentType` (the fake server
 * answers JSON only), passes every other call to the fetch in place, and records the files the
 * screen then hands to the browser (an object URL clicked as a download link).
 */
export function captureDownloads(
  paths: RegExp,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  onCall: (init: RequestInit) => void = () => undefined,
  headers: Record<string, string> = {},
): HandedFile[] {
  const saved: HandedFile[] = [];
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    onCall(init);
    const answer = await fake(input, init);
    if (!paths.test(input)) return answer;
    return new Response(bytes, { status: 200, headers: { ...headers, 'content-type': contentType } });
  });
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => `blob:${blobs.set(String(blobs.size), blob).size - 1}`,
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: blobs.get(this.href.slice(5))?.size ?? -1 });
  });
  return saved;
}
