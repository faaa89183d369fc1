// `node scripts/structure-report.mjs`: the structure figures the next engineer tracks — import
// cycles between folders and between files (server, web, terminal console), imports that go up
// a floor of the server, and the places that still bypass a seam. The import graph and the floor
// table come from scripts/import-graph.mjs, which the server's floors test
// (packages/server/src/floors.test.ts) holds to zero: every relative import counts, type-only ones
// included; folder cycles are counted on code (test code left out), file cycles on everything.
// Prints one line per figure.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cyclesOf,
  filesNamingAppTable,
  folderGraph,
  importGraph,
  isTestCode,
  SERVER_FLOORS,
  sourceFiles,
  upwardImports,
} from './import-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function report(name, srcDir) {
  const graph = importGraph(srcDir);
  const folderCycles = cyclesOf(folderGraph(importGraph(srcDir, { tests: false })));
  const fileCycles = cyclesOf(graph);
  console.log(
    `${name}: ${graph.size} files; folder cycles ${folderCycles.length}${folderCycles.map((c) => ` [${c.join(' ')}]`).join('')}; file cycles ${fileCycles.length} (${fileCycles.reduce((n, c) => n + c.length, 0)} files)`,
  );
  return graph;
}

const serverDir = join(root, 'packages/server/src');
const serverGraph = report('server', serverDir);
report('web', join(root, 'web/src'));
report('tui', join(root, 'tui/src'));

const upward = upwardImports(serverGraph);
const upwardByPair = new Map();
for (const line of upward) {
  const [from, to] = line.split(' → ').map((path) => path.split('/')[0]);
  upwardByPair.set(`${from}→${to}`, (upwardByPair.get(`${from}→${to}`) ?? 0) + 1);
}
const pairs = [...upwardByPair].sort((x, y) => y[1] - x[1]).map(([pair, n]) => `${pair} ${n}`);
console.log(
  `server imports up a floor (${SERVER_FLOORS.map((f) => f.floor).join(' < ')}): ${upward.length}${pairs.length ? ` (${pairs.join(', ')})` : ''}`,
);

const code = (dir) => sourceFiles(dir).filter((file) => !isTestCode(file));
const count = (files, pattern) => files.reduce((n, file) => n + (readFileSync(file, 'utf8').match(pattern)?.length ?? 0), 0);
const serverFiles = code(serverDir);
const outsideApps = filesNamingAppTable(serverDir);
console.log(
  `server files naming blade_app outside apps/ (tests included): ${outsideApps.length}${outsideApps.length ? ` (${outsideApps.join(', ')})` : ''}`,
);
const webFiles = code(join(root, 'web/src'));
console.log(`raw '/api/' literals in web/src: ${count(webFiles, /['`"]\/api\//g)}`);
const everyFile = [...serverFiles, ...webFiles, ...code(join(root, 'tui/src')), ...code(join(root, 'shared-api/src'))];
console.log(`'as unknown as ResourceDef' casts: ${count(everyFile, /as unknown as ResourceDef/g)}`);

// Calls that serve no table of their own are endpoint groups (defineEndpoints), never a resource
// with an empty entity.
const sharedFiles = code(join(root, 'shared-api/src'));
console.log(
  `resources with no routes of their own (routes: 'none'): ${count(sharedFiles, /routes: 'none'/g)}; endpoint groups: ${count(sharedFiles, /= defineEndpoints\(/g)}`,
);
// Extras that stamp rows by hand instead of going through the repository's unit of work
// (`repo.change`, `repo.save`): each should say in a comment why it writes its table itself.
const resourceFiles = code(join(serverDir, 'resources'));
console.log(`hand-written audit stamps in resources/ (updateUser:): ${count(resourceFiles, /updateUser:/g)}`);
