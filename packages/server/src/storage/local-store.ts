import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { contentTypeOf, extensionOf, type ObjectStore, SAFE_NAME, type StoredObject } from './store.js';

export const LOCAL_DOMAIN = '/api/blade-resource/oss/endpoint/file';

/** Files under a directory of the data directory; served by `endpoint/file?name=`. */
export class LocalStore implements ObjectStore {
  readonly domain = LOCAL_DOMAIN;

  constructor(private readonly root: string) {}

  linkOf(name: string): string {
    return `${LOCAL_DOMAIN}?name=${encodeURIComponent(name)}`;
  }

  async put(name: string, data: Uint8Array): Promise<void> {
    const path = this.pathOf(name);
    if (!path) throw new Error(`unsafe object name ${name}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async get(name: string): Promise<StoredObject | undefined> {
    const path = this.pathOf(name);
    if (!path) return undefined;
    try {
      return { data: new Uint8Array(await readFile(path)), contentType: contentTypeOf(extensionOf(name)) };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    const path = this.pathOf(name);
    if (path) await rm(path, { force: true });
  }

  /** Only names we make, resolved inside the root (belt and braces against traversal). */
  private pathOf(name: string): string | undefined {
    if (!SAFE_NAME.test(name)) return undefined;
    const path = resolve(this.root, name);
    return path.startsWith(this.root + sep) ? path : undefined;
  }
}
