/** Where uploaded files live: the local disk or an S3-compatible bucket. */
export interface StoredObject {
  data: Uint8Array;
  contentType: string;
}

export interface ObjectStore {
  /** The prefix of this store's links (BladeX `domain`). */
  readonly domain: string;
  linkOf(name: string): string;
  put(name: string, data: Uint8Array, contentType: string): Promise<void>;
  get(name: string): Promise<StoredObject | undefined>;
  remove(name: string): Promise<void>;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp4: 'video/mp4',
};

export const contentTypeOf = (extension: string) => TYPES[extension.toLowerCase()] ?? 'application/octet-stream';

/** The extension of a file name, lower case, letters and digits only (at most 12). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return '';
  const ext = filename.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,12}$/.test(ext) ? ext : '';
}

/**
 * Stored names: `<tenant>/upload/<yyyymmdd>/<hex>.<ext>` (private) or `<tenant>/public/…` (avatars,
 * icons: served to anyone); anything else (e.g. `..`) is refused.
 */
export const SAFE_NAME = /^\d{1,12}\/(upload|public)\/\d{8}\/[0-9a-f]{32}(\.[a-z0-9]{1,12})?$/;
