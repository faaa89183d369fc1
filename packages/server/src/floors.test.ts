import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cyclesOf,
  filesNamingAppTable,
  filesWithoutFloor,
  floorOf,
  folderCycleImports,
  folderGraph,
  type Graph,
  importGraph,
  isTestCode,
  SERVER_FLOORS,
  sourceFiles,
  upwardImports,
} from '../../../scripts/import-graph.mjs';

/**
 * The server's folders are floors (the table is `SERVER_FLOORS` in scripts/import-graph.mjs, and
 * ARCHITECTURE.md says what stands on each): a file imports its own floor and the floors below,
 * never one above; no two files and no two folders import each other, directly or around a
 * circle. Every import counts, type-only ones included. The web and the terminal console keep no
 * circle of files or of folders either. The application catalogue's table is named under apps/
 * alone (`APP_TABLE_OWNERS`). A failure names the offending imports or files.
 */
const srcDir = dirname(fileURLToPath(import.meta.url));
const repoDir = resolve(srcDir, '../../..');

const server = importGraph(srcDir);
const serverCode = importGraph(srcDir, { tests: false });
const fileCycles = (graph: Graph) => cyclesOf(graph).map((cycle) => cycle.join(' ↔ '));
const folderCycles = (graph: Graph) =>
  cyclesOf(folderGraph(graph)).map((cycle) => `[${cycle.join(' ')}]: ${folderCycleImports(graph, cycle).join(', ')}`);

describe('the server floors', () => {
  it('read the whole server', () => {
    expect(server.get('app.ts')).toContain('resources/index.ts');
    expect(server.get('engine/routes.ts')).toContain('kernel/caller.ts');
  });

  it('place every file of the server', () => {
    expect(filesWithoutFloor(server)).toEqual([]);
  });

  it('have no import up a floor', () => {
    expect(upwardImports(server)).toEqual([]);
  });

  it('have no circle between files', () => {
    expect(fileCycles(server)).toEqual([]);
  });

  it('have no circle between folders', () => {
    expect(folderCycles(serverCode)).toEqual([]);
  });

  it('bind the resources in app.ts alone (the composition root)', () => {
    // Its own test aside: serving.test.ts checks what the list serves.
    const importers = [...serverCode].filter(([, targets]) => targets.includes('resources/index.ts')).map(([file]) => file);
    expect(importers).toEqual(['app.ts']);
  });

  it("keep the engine's hook and handler types a leaf: engine/types.ts imports no other engine file", () => {
    expect(server.get('engine/types.ts')?.filter((target) => target.startsWith('engine/'))).toEqual([]);
  });

  it('would notice an import up a floor, a type-only one included, and a circle', () => {
    const floorsOf = (paths: string[]) => paths.map((path) => SERVER_FLOORS[floorOf(path)]?.floor);
    expect(floorsOf(['kernel/caller.ts', 'context.ts', 'domain/tree.ts', 'engine/routes.ts', 'app.ts', 'auth/x.test.ts'])).toEqual([
      'kernel',
      'platform',
      'domain',
      'adapters',
      'root',
      'tests',
    ]);
    const graph: Graph = new Map([
      ['kernel/a.ts', ['auth/b.ts']],
      ['auth/b.ts', ['kernel/a.ts']],
      ['domain/c.ts', ['kernel/a.ts', 'domain/c.test.ts']],
    ]);
    expect(upwardImports(graph)).toEqual(['kernel/a.ts → auth/b.ts', 'domain/c.ts → domain/c.test.ts']);
    expect(fileCycles(graph)).toEqual(['auth/b.ts ↔ kernel/a.ts']);
    expect(folderCycles(graph)).toEqual(['[auth kernel]: kernel/a.ts → auth/b.ts, auth/b.ts → kernel/a.ts']);
    expect(filesWithoutFloor(new Map([['nowhere/d.ts', []]]))).toEqual(['nowhere/d.ts']);
  });

  it('leave the application catalogue to apps/: no other file names blade_app (code and tests alike)', () => {
    expect(filesNamingAppTable(srcDir)).toEqual([]);
  });

  it('would notice a file outside apps/ naming blade_app, and only the table itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-table-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      write('apps/lookups.ts', "db.selectFrom('blade_app')");
      write('db/migrations/0001-apps.ts', 'create table blade_app (id bigint)');
      write('resources/a.ts', "db.selectFrom('blade_app')");
      write('domain/b.ts', "db.selectFrom('blade_app_role as r').innerJoin('blade_app as a', 'a.id', 'r.appId')");
      write('domain/c.ts', 'sql`select id from blade_app a`');
      write('domain/d.test.ts', "db.insertInto('blade_app')");
      write('domain/e.ts', "db.selectFrom('blade_app_user').selectAll()");
      expect(filesNamingAppTable(dir)).toEqual(['domain/b.ts', 'domain/c.ts', 'domain/d.test.ts', 'resources/a.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('see type-only imports', () => {
    // engine/types.ts names Caller by an `import type` and nothing else of the kernel.
    const typeOnly = importGraph(srcDir, { types: false });
    expect(server.get('engine/types.ts')).toContain('kernel/caller.ts');
    expect(typeOnly.get('engine/types.ts')).not.toContain('kernel/caller.ts');
  });
});

describe('the web and the terminal console', () => {
  const web = importGraph(resolve(repoDir, 'web/src'));
  const tui = importGraph(resolve(repoDir, 'tui/src'));

  it('have no circle between files', () => {
    expect(fileCycles(web)).toEqual([]);
    expect(fileCycles(tui)).toEqual([]);
  });

  it("have no circle between folders (the web's folders are layers, see ARCHITECTURE.md)", () => {
    expect(folderCycles(importGraph(resolve(repoDir, 'web/src'), { tests: false }))).toEqual([]);
    expect(folderCycles(importGraph(resolve(repoDir, 'tui/src'), { tests: false }))).toEqual([]);
  });

  it("leave API paths to the SDK: no /api/ path is written in the web (a path is the contract's, typed there)", () => {
    const writingPaths = sourceFiles(resolve(repoDir, 'web/src'))
      .filter((file) => !isTestCode(file))
      .filter((file) => /['`"]\/api\//.test(readFileSync(file, 'utf8')));
    expect(writingPaths.map((file) => relative(repoDir, file))).toEqual([]);
  });
});
