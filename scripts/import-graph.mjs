// The import graph of a source tree and the server's floors: one module for the floors test
// (`packages/server/src/floors.test.ts`) and `scripts/structure-report.mjs`, so the figure the
// report prints is the figure the test holds at zero. Every relative import counts, type-only
// ones included: a type import ties two files for the reader and the type-checker as much as a
// value import does.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The server's floors, lowest first, and what stands on each: a folder of `packages/server/src`
 * (written `name/`) or a file at its root. A file may import its own floor and the floors below;
 * test code (`*.test.ts`, `*.testkit.ts`, `*.fixture.ts`, wherever it lies) stands on the top
 * floor, so no server code imports it. Within a floor, folders may import each other as long as no
 * two folders import each other, directly or around a circle.
 */
export const SERVER_FLOORS = [
  {
    floor: 'kernel',
    what: 'Caller and route access types, ids, config, cache, live rows, the bus interface; the database, migrations, schema and seed; the cluster bus',
    holds: ['kernel/', 'cluster/', 'db/'],
  },
  {
    floor: 'platform',
    what: 'sessions, tokens, permissions, sign-in grants, audit and logs, storage, the outbound guard, SMS, social sign-in, the WeChat API client; context.ts builds them into AppContext',
    holds: ['net/', 'logs/', 'storage/', 'sms/', 'social/', 'wechat/', 'auth/', 'context.ts'],
  },
  {
    floor: 'domain',
    what: 'rules shared by resources and protocols; apps/, the application module; flow/, the workflow on the BPMN engine',
    holds: ['domain/', 'apps/', 'flow/'],
  },
  {
    floor: 'adapters',
    what: 'the engine (routes, repository), resources/, the sign-on protocols oidc/, cas/, saml/ and handoff/, SCIM provisioning scim/, HTTP hooks',
    holds: ['engine/', 'resources/', 'oidc/', 'cas/', 'saml/', 'handoff/', 'scim/', 'http/'],
  },
  {
    floor: 'root',
    what: 'app.ts, the composition root, and main.ts, which starts it',
    holds: ['app.ts', 'main.ts', 'first-start.ts', 'rewrap-master-key.ts', 'startup-failure.ts', 'resident-memory.ts'],
  },
  {
    floor: 'tests',
    what: 'the test server other packages start (@sso/server/testing), the fuzzing kit; every *.test.ts, *.testkit.ts and *.fixture.ts',
    holds: ['testing.ts', 'fuzz/'],
  },
];

const TEST_CODE = /\.(test|testkit|fixture)\.tsx?$/;

/** Whether a file is test code (a suite, a test helper or a fixture). */
export const isTestCode = (path) => TEST_CODE.test(path);

/** Every TypeScript source of a tree (tests included, declaration files not), as absolute paths. */
export function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const STATIC = /^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gm;
const BARE = /^\s*import\s+'(\.{1,2}\/[^']+)'/gm;
const DYNAMIC = /import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

/**
 * The relative imports of a file (static, side-effect and dynamic `import()`), each resolved to
 * the source file it names, with `typeOnly` for `import type` / `export type`.
 */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...[...text.matchAll(STATIC)].map((m) => ({ spec: m[2], typeOnly: Boolean(m[1]) })),
    ...[...text.matchAll(BARE)].map((m) => ({ spec: m[1], typeOnly: false })),
    ...[...text.matchAll(DYNAMIC)].map((m) => ({ spec: m[1], typeOnly: false })),
  ];
  return found
    .map(({ spec, typeOnly }) => {
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => existsSync(path));
      return target ? { spec, target, typeOnly } : undefined;
    })
    .filter(Boolean);
}

/**
 * The import graph of a tree: path under `srcDir` (with `/`) → the paths it imports. With
 * `{ tests: false }` test code is left out; with `{ types: false }` type-only imports are.
 */
export function importGraph(srcDir, { tests = true, types = true } = {}) {
  const rel = (path) => relative(srcDir, path).split(sep).join('/');
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    if (!tests && isTestCode(file)) continue;
    const targets = importsOf(file)
      .filter((entry) => types || !entry.typeOnly)
      .map((entry) => rel(entry.target))
      .filter((target) => tests || !isTestCode(target));
    graph.set(rel(file), [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: strongly connected components of more than one member, members sorted (Tarjan). */
export function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
    if (state.get(node).low === state.get(node).index) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        members.push(member);
      } while (member !== node);
      if (members.length > 1) cycles.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The graph between top-level folders (files at the root of the tree are no folder and left out). */
export function folderGraph(graph) {
  const folderOf = (path) => (path.includes('/') ? path.split('/')[0] : undefined);
  const folders = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    if (!folders.has(from)) folders.set(from, []);
    for (const target of targets) {
      const to = folderOf(target);
      if (to && to !== from && !folders.get(from).includes(to)) folders.get(from).push(to);
    }
  }
  return folders;
}

/** Each edge of a folder cycle, with the file imports that make it: `a/x.ts → b/y.ts`. */
export function folderCycleImports(graph, cycle) {
  const folderOf = (path) => path.split('/')[0];
  const out = [];
  for (const [file, targets] of graph) {
    if (!file.includes('/') || !cycle.includes(folderOf(file))) continue;
    for (const target of targets) {
      if (target.includes('/') && folderOf(target) !== folderOf(file) && cycle.includes(folderOf(target))) out.push(`${file} → ${target}`);
    }
  }
  return out;
}

/**
 * The floor of a path under the server's src, as an index into `floors`: test code stands on the
 * top floor, a path the table does not place is -1.
 */
export function floorOf(path, floors = SERVER_FLOORS) {
  if (isTestCode(path)) return floors.length - 1;
  const first = path.includes('/') ? `${path.split('/')[0]}/` : path;
  return floors.findIndex(({ holds }) => holds.includes(first));
}

/** Imports that go up a floor, as `from → to`. */
export function upwardImports(graph, floors = SERVER_FLOORS) {
  const out = [];
  for (const [file, targets] of graph) {
    const from = floorOf(file, floors);
    if (from < 0) continue;
    for (const target of targets) if (floorOf(target, floors) > from) out.push(`${file} → ${target}`);
  }
  return out;
}

/** Server files the floor table does not place (test code needs no place). */
export function filesWithoutFloor(graph, floors = SERVER_FLOORS) {
  return [...graph.keys()].filter((file) => floorOf(file, floors) < 0);
}

/**
 * The application catalogue's table has one owner: only `apps/` reads or writes `blade_app`, so
 * that every sign-on, grant and screen asks the same module for an application. Besides apps/,
 * only the table's own history may name it: its migrations, its schema type, and the test that
 * fills it in an old shape to check a migration; and the floors test, which checks this rule.
 */
export const APP_TABLE_OWNERS = [
  'apps/',
  'db/migrations/',
  'db/schema-applications.ts',
  'db/app-types-migration.api.test.ts',
  'floors.test.ts',
];
const APP_TABLE_NAME = /\bblade_app\b/;

/**
 * The server files (code and tests, paths under `srcDir`) that name the catalogue's table outside
 * its owners: in a query, a join, raw SQL or a cache dependency alike.
 */
export function filesNamingAppTable(srcDir) {
  return sourceFiles(srcDir)
    .map((file) => relative(srcDir, file).split(sep).join('/'))
    .filter((path) => !APP_TABLE_OWNERS.some((owner) => (owner.endsWith('/') ? path.startsWith(owner) : path === owner)))
    .filter((path) => APP_TABLE_NAME.test(readFileSync(join(srcDir, path), 'utf8')));
}
