import { createInterface } from 'node:readline';
import { run } from './main.js';
import { processOutput } from './output.js';

/** A prompt on the terminal; hidden answers (passwords) are not echoed. */
function prompt(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (hidden) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (s.startsWith(question)) write.call(rl, question);
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stderr.write('\n');
      resolve(answer);
    }),
  );
}

// `sso … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const canPrompt = Boolean(process.stdin.isTTY && process.stderr.isTTY);
run(process.argv.slice(2), { ...processOutput, ...(canPrompt ? { prompt } : {}) }).then((code) => {
  process.exitCode = code;
});
