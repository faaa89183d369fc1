import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The engine serves any resource it is handed: none of its files may import a resource, a
 * module shared by resources (domain/, the application module apps/), a sign-on protocol or the
 * composition root, or the import circle between the generic layer and the resources comes back.
 */
const engineDir = dirname(fileURLToPath(import.meta.url));
const srcDir = resolve(engineDir, '..');
const FORBIDDEN_ROOTS = ['resources', 'domain', 'apps', 'cas', 'oidc', 'social'];

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1] as string);
}

describe('the engine', () => {
  const files = readdirSync(engineDir).filter((name) => name.endsWith('.ts'));

  it('has files to check', () => {
    expect(files).toContain('routes.ts');
    expect(files).toContain('repository.ts');
  });

  it('imports no resource and no module shared by resources', () => {
    const offending: string[] = [];
    for (const name of files) {
      for (const spec of importsOf(join(engineDir, name))) {
        const target = relative(srcDir, resolve(engineDir, spec));
        if (FORBIDDEN_ROOTS.includes(target.split('/')[0] as string)) offending.push(`${name} → ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('would notice such an import', () => {
    const target = relative(srcDir, resolve(engineDir, '../resources/user/index.js'));
    expect(FORBIDDEN_ROOTS).toContain(target.split('/')[0]);
  });

  it('keeps its hook and handler types a leaf: types.ts imports no other engine file', () => {
    expect(engineImportsOf('types.ts')).toEqual([]);
  });

  it('has no import circle among its own files', () => {
    const graph = new Map(files.map((name) => [name, engineImportsOf(name)]));
    expect(circlesIn(graph)).toEqual([]);
  });

  it('would notice a circle', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesIn(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});

/** The engine files one engine file imports (type-only imports included), by file name. */
function engineImportsOf(name: string): string[] {
  return importsOf(join(engineDir, name))
    .filter((spec) => spec.startsWith('./') && !spec.slice(2).includes('/'))
    .map((spec) => spec.slice(2).replace(/\.js$/, '.ts'));
}

/** Every import circle in a graph of files, each as the path that leads back to its first file. */
function circlesIn(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    const start = path.indexOf(name);
    if (start >= 0) {
      circles.push([...path.slice(start), name]);
      return;
    }
    if (done.has(name)) return;
    for (const next of graph.get(name) ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of [...graph.keys()].sort()) visit(name, []);
  return circles;
}

/** Every source file of the server, by its path under src. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('the composition root', () => {
  it('is imported by app.ts alone', () => {
    const root = resolve(srcDir, 'resources/index.ts');
    const importers = sourceFiles(srcDir).filter((file) =>
      importsOf(file).some((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')) === root),
    );
    expect(importers.map((file) => relative(srcDir, file))).toEqual(['app.ts']);
  });
});
