/**
 * The server's suites share their workers' module cache (`isolate: false`): loading the server's
 * five hundred modules again for every file was half of the suites' time, and every suite starts
 * its own server with its own database, so nothing a file does reaches the next through modules.
 * These files replace modules (`vi.mock`) or the clock, which only works on a module graph of their
 * own: they run isolated, as their own project.
 */
export const NEEDS_OWN_MODULES = ['src/kernel/ids.test.ts', 'src/resources/code/generated-resource.api.test.ts'];
