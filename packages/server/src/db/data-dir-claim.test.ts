import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../kernel/config.js';
import { startupFailure } from '../startup-failure.js';
import { claimDataDir, DataDirInUseError } from './data-dir-claim.js';
import { exited, otherProcessHolding, socketArgument } from './data-dir-claim.testkit.js';
import { openDatabase } from './database.js';
import { scratchDirs } from './scratch-dirs.testkit.js';

/**
 * One process at a time in an embedded database directory: while one has it open (a server, the
 * rewrap command), another is refused with one line naming the directory; when the first ends,
 * even killed, the directory is free at once, with nothing left to clear by hand.
 */
const scratch = scratchDirs('sso-claim-');

describe('the claim of an embedded database directory', () => {
  it('refuses a directory another process holds, in one line naming it; free at once when that process is killed', async () => {
    const dir = scratch();
    const holder = await otherProcessHolding(dir);
    const refusal = await claimDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    const config = testConfig({ SSO_DATA_DIR: dir });
    expect(startupFailure(config, refusal)).toBe(
      `SSO_DATA_DIR=${dir}: ${dir} is open in another process (a running server, or the rewrap-master-key command): stop it first`,
    );
    // openDatabase refuses before PGlite touches the directory.
    await expect(openDatabase(config)).rejects.toBeInstanceOf(DataDirInUseError);
    holder.kill('SIGKILL');
    await exited(holder);
    const release = await claimDataDir(dir);
    await release();
  });

  it('is held by this process for as long as any of its claims is, and let go with the last', async () => {
    const dir = scratch();
    const first = await claimDataDir(dir);
    const second = await claimDataDir(dir);
    // Another process cannot take the directory's socket meanwhile.
    const script = `require('node:net').createServer().on('error', (e) => { console.log(e.code); process.exit(0) }).listen(JSON.parse(process.argv[1]))`;
    const probe = spawn(process.execPath, ['-e', script, socketArgument(dir)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const said = await new Promise<string>((resolve) => probe.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim())));
    await exited(probe);
    expect(said).toBe('EADDRINUSE');
    await first();
    await first(); // a release counts once
    await expect(otherProcessHolding(dir)).rejects.toThrow(/exited/);
    await second();
    const holder = await otherProcessHolding(dir);
    holder.kill();
    await exited(holder);
  });
});
