import { buildProgram } from './main.js';

buildProgram()
  .parseAsync()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
