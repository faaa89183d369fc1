import process from 'node:process';

/** sso-tui [--profile NAME] [--server URL] [--lang zh|en] */
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(
    'sso-tui [--profile NAME] [--server URL] [--lang zh|en]\n  the terminal console; the sign-in is shared with `sso login`\n',
  );
  process.exit(0);
}
// The console (ink, React, the SDK) is a chunk of its own, loaded only after the argument check:
// --help answers without reading or compiling any of it.
await import('./main.js');
