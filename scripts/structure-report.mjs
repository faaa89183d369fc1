// `node scripts/structure-report.mjs`: the structure figures the next engineer tracks — import
// cycles between folders and between files (server, web, terminal console), imports that go up
// a floor of the server, and the places that still bypass a seam. Value imports only: a type-only
// import costs nothing at run time and makes no cycle there. Prints one line per figure.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const isSource = (name) => /\.(ts|tsx)$/.test(name) && !/\.(test|testkit|fixture)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourcesOf(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourcesOf(path));
    else if (isSource(name)) out.push(path);
  }
  return out;
}

/** Relative value imports of a file, resolved to source files. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(import|export)\s+(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)].map((m) => m[2]);
  specs.push(...[...text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((m) => m[1]));
  return specs
    .map((spec) => {
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    })
    .filter(Boolean);
}

/** Strongly connected components with more than one member (Tarjan). */
function cyclesOf(graph) {
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
      if (members.length > 1) cycles.push(members);
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

function report(name, srcDir, folderOf) {
  const files = sourcesOf(srcDir);
  const fileGraph = new Map(files.map((file) => [file, importsOf(file)]));
  const folderGraph = new Map();
  for (const [file, targets] of fileGraph) {
    const from = folderOf(relative(srcDir, file));
    if (!from) continue;
    if (!folderGraph.has(from)) folderGraph.set(from, new Set());
    for (const target of targets) {
      const to = folderOf(relative(srcDir, target));
      if (to && to !== from) folderGraph.get(from).add(to);
    }
  }
  const folderCycles = cyclesOf(folderGraph);
  const fileCycles = cyclesOf(fileGraph);
  console.log(
    `${name}: ${files.length} files; folder cycles ${folderCycles.length}${folderCycles.map((c) => ` [${c.sort().join(' ')}]`).join('')}; file cycles ${fileCycles.length} (${fileCycles.reduce((n, c) => n + c.length, 0)} files)`,
  );
  return fileGraph;
}

const topFolder = (path) => (path.includes('/') ? path.split('/')[0] : undefined);
const serverDir = join(root, 'packages/server/src');
const serverGraph = report('server', serverDir, topFolder);
report('web', join(root, 'web/src'), topFolder);
report('tui', join(root, 'tui/src'), topFolder);

/**
 * The floors the server is moving to, lowest first, and where today's folders stand on them. A
 * file may import its own floor and the ones below; an import to a higher floor is counted.
 */
const FLOORS = [
  ['kernel', ['db', 'cluster', 'ids.ts', 'config.ts', 'context.ts']],
  ['platform', ['auth', 'logs', 'storage', 'net', 'sms', 'social']],
  ['domain', ['domain', 'apps']],
  ['adapters', ['engine', 'resources', 'cas', 'oidc', 'http', 'fuzz', 'cluster-test']],
  ['root', ['app.ts', 'main.ts', 'testing.ts', 'startup-failure.ts', 'api-suite.testkit.ts']],
];
const floorOf = (path) => {
  const first = path.split('/')[0];
  const found = FLOORS.findIndex(([, members]) => members.includes(first));
  return found;
};
let upward = 0;
const upwardByPair = new Map();
for (const [file, targets] of serverGraph) {
  const from = relative(serverDir, file);
  for (const target of targets) {
    const to = relative(serverDir, target);
    const [a, b] = [floorOf(from), floorOf(to)];
    if (a >= 0 && b > a) {
      upward++;
      const pair = `${from.split('/')[0]}→${to.split('/')[0]}`;
      upwardByPair.set(pair, (upwardByPair.get(pair) ?? 0) + 1);
    }
  }
}
const pairs = [...upwardByPair].sort((x, y) => y[1] - x[1]).map(([pair, n]) => `${pair} ${n}`);
console.log(`server imports up a floor: ${upward}${pairs.length ? ` (${pairs.join(', ')})` : ''}`);

const count = (files, pattern) => files.reduce((n, file) => n + (readFileSync(file, 'utf8').match(pattern)?.length ?? 0), 0);
const serverFiles = [...serverGraph.keys()];
const appFiles = serverFiles.filter((file) => /'blade_app'/.test(readFileSync(file, 'utf8')));
const outsideApps = appFiles.filter((file) => !relative(serverDir, file).startsWith('apps/'));
console.log(`server files naming blade_app outside apps/: ${outsideApps.length}`);
const webFiles = sourcesOf(join(root, 'web/src'));
console.log(`raw '/api/' literals in web/src: ${count(webFiles, /['`"]\/api\//g)}`);
const everyFile = [...serverFiles, ...webFiles, ...sourcesOf(join(root, 'tui/src')), ...sourcesOf(join(root, 'shared-api/src'))];
console.log(`'as unknown as ResourceDef' casts: ${count(everyFile, /as unknown as ResourceDef/g)}`);
