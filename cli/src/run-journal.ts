import { randomUUID } from 'node:crypto';
import { type Env, readJson, writeJson } from './profiles.js';

/** Runs are remembered as long as the server remembers their idempotency keys. */
const KEPT_MS = 24 * 3600 * 1000;
const FILE = 'runs.json';

type Runs = Record<string, { id: string; startedAt: number }>;

/**
 * Bulk runs that have not finished, by what they send (the command and its items, hashed). A run
 * that stopped half-way (the network, a node that died, Ctrl-C) leaves its entry behind; the same
 * command with the same items then continues under the same run id, so its chunks carry the same
 * idempotency keys and the server answers what it already did instead of doing it twice. A run
 * that finished forgets its entry: running it again is a new run.
 */
export interface RunJournal {
  /** The id of the run of `runKey`: the unfinished one's, else a new one. */
  begin(runKey: string): string;
  /** The run of `runKey` has sent every chunk. */
  end(runKey: string): void;
}

export function runJournal(env: Env): RunJournal {
  const read = () => {
    const runs = readJson<Runs>(env, FILE, {});
    for (const [key, run] of Object.entries(runs)) if (Date.now() - run.startedAt > KEPT_MS) delete runs[key];
    return runs;
  };
  return {
    begin(runKey) {
      const runs = read();
      const run = runs[runKey] ?? { id: randomUUID(), startedAt: Date.now() };
      runs[runKey] = run;
      writeJson(env, FILE, runs);
      return run.id;
    },
    end(runKey) {
      const runs = read();
      delete runs[runKey];
      writeJson(env, FILE, runs);
    },
  };
}
