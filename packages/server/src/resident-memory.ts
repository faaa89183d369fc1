import { readFileSync } from 'node:fs';

/**
 * What the process holds in memory, in MiB: its proportional set size where Linux tells it (shared
 * pages counted by the share, the figure that adds up across processes), else its resident size.
 */
export function residentMemoryMiB(): { pssMiB?: number; rssMiB: number } {
  const rssMiB = Math.round(process.memoryUsage.rss() / 1048576);
  try {
    const pss = /^Pss:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'));
    return pss ? { pssMiB: Math.round(Number(pss[1]) / 1024), rssMiB } : { rssMiB };
  } catch {
    return { rssMiB };
  }
}
