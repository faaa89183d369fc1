// How the server process is launched by `npm start`, and by the benchmarks so that their figures
// are those of the server as it is run (no side effects on import).

/**
 * Two malloc arenas instead of one per thread: the server's native threads (password hashing,
 * compression) otherwise each keep tens of megabytes of mostly empty heap. A fixed mmap threshold:
 * glibc otherwise raises it after a large block is freed (a password hash's 19 MiB), and from then
 * on blocks of that size come from the heap and stay resident after their free. With it, blocks of
 * 64 KiB and more get their own mappings, returned when freed: 20–30 MiB less at idle, and no
 * measurable cost to sign-ins or sign-ons (tests/bench/RESULTS.md). The caller's environment wins.
 */
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };

/**
 * --expose-gc: after a first start's migrations the server collects the embedded database instance
 * it closed at once, instead of keeping its memory until the next collection (app.ts).
 */
export const SERVER_NODE_ARGS = ['--expose-gc'];
