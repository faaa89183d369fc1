// Refresh grants with rotation, several rounds in turn: this build, the build before rotation
// (BENCH_OIDC_BEFORE_SERVER, required) and the bare oidc-provider, one after another in each round
// and in a different order each time, so that a change in the machine's load falls on all three
// alike. `node tests/bench/oidc-refresh-rounds.mjs` after a build; BENCH_ROUNDS (5), BENCH_SECONDS
// (5), BENCH_OIDC_SERVER, BENCH_OIDC_STORE=PGlite as for oidc.mjs.
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBareRefresh, benchPlatformRefresh } from './oidc-refresh.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = process.env.BENCH_OIDC_SERVER ?? join(root, 'packages/server/dist/main.js');
const beforeScript = process.env.BENCH_OIDC_BEFORE_SERVER;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = 18_952;

if (!beforeScript) throw new Error('BENCH_OIDC_BEFORE_SERVER=<main.js of the build before rotation> is required');

const runs = {
  'this build': () => benchPlatformRefresh({ script, port, seconds }),
  'before rotation': () => benchPlatformRefresh({ script: beforeScript, port, seconds }),
  'bare oidc-provider': () => benchBareRefresh({ port: port + 1, seconds }),
};
const names = Object.keys(runs);
const figures = Object.fromEntries(names.map((name) => [name, []]));
const mean = (list) => list.reduce((sum, x) => sum + x, 0) / list.length;

for (let round = 0; round < rounds; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length]);
  const cells = [];
  for (const name of order) {
    const r = await runs[name]();
    figures[name].push(r);
    cells.push(
      `${name} ${r.perSecond.toFixed(0)}/s ${r.perCore.toFixed(0)}/core (rotated ${(r.rotatedShare * 100).toFixed(0)} %, errors ${r.bad})`,
    );
  }
  console.log(`round ${round + 1}, load ${loadavg()[0].toFixed(1)}: ${cells.join('; ')}`);
}

const perCore = Object.fromEntries(names.map((name) => [name, mean(figures[name].map((r) => r.perCore))]));
const perSecond = Object.fromEntries(names.map((name) => [name, mean(figures[name].map((r) => r.perSecond))]));
for (const name of names) console.log(`mean ${name}: ${perSecond[name].toFixed(0)}/s, ${perCore[name].toFixed(0)}/core`);
console.log(
  `rotation's cost per core: ${((1 - perCore['this build'] / perCore['before rotation']) * 100).toFixed(0)} % (target <= 20 %); ` +
    `this build / bare oidc-provider per core: ${((perCore['this build'] / perCore['bare oidc-provider']) * 100).toFixed(0)} %`,
);
