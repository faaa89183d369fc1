// Gzipped JavaScript a page of the built app loads: the entry chunk, the page's lazy chunk and
// every chunk they import statically (what the browser fetches before the page shows).
// Usage: node scripts/bundle-size.mjs [src/pages/login/login-page.tsx] [budget KB] [built app dir, default dist]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Chunk files (JS) a manifest entry needs, itself included, following static imports. */
export function chunksOf(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const next of entry.imports ?? []) chunksOf(manifest, next, seen);
  return seen;
}

/** Gzipped KB of the entry plus one page module, with the list of files. */
export function pageSize(page, dir = dist) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const keys = chunksOf(manifest, page, chunksOf(manifest, entry));
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
  return { kb: bytes / 1024, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = process.argv[2] ?? 'src/pages/login/login-page.tsx';
  const budget = Number(process.argv[3] ?? 350);
  const { kb, files } = pageSize(page, process.argv[4] ?? dist);
  console.log(`${page}: ${files.length} chunks, ${kb.toFixed(1)} KB gzipped JS (budget ${budget} KB)`);
  if (kb > budget) process.exit(1);
}
