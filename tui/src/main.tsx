import { render } from 'ink';
import { App } from './app.js';
import { initialLang } from './core/i18n.js';
import { keypressStdin } from './core/keypress-stdin.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

const env = process.env as Record<string, string | undefined>;
const instance = render(
  <App env={env} options={{ profile: option('profile'), server: option('server') }} lang={initialLang(env, option('lang'))} />,
  {
    exitOnCtrlC: true,
    // One keypress per read, so a name and the Enter that follows it are never taken as one.
    stdin: keypressStdin(process.stdin),
  },
);
await instance.waitUntilExit();
