// Fingerprints of inputs, so start and test skip installs and builds that are already done.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './pnpm.mjs';

const SKIP = new Set(['node_modules', 'dist', '.git', 'data', '.tools', '.stamps', 'coverage', 'artifacts']);

function walk(path, out) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    out.push(`${path}:${stat.size}:${stat.mtimeMs}`);
    return;
  }
  for (const entry of readdirSync(path).sort()) if (!SKIP.has(entry)) walk(join(path, entry), out);
}

/** Hash of file contents (for small lists) or of sizes and modification times (for trees). */
export function fingerprint({ files = [], trees = [] }) {
  const hash = createHash('sha256');
  for (const file of files) if (existsSync(join(root, file))) hash.update(file).update(readFileSync(join(root, file)));
  const entries = [];
  for (const tree of trees) walk(join(root, tree), entries);
  hash.update(entries.join('\n'));
  return hash.digest('hex');
}

const stampPath = (name) => join(root, '.stamps', name);

export function stampMatches(name, value) {
  return existsSync(stampPath(name)) && readFileSync(stampPath(name), 'utf8') === value;
}

export function writeStamp(name, value) {
  mkdirSync(join(root, '.stamps'), { recursive: true });
  writeFileSync(stampPath(name), value);
}
