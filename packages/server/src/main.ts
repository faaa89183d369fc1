import 'dotenv/config';
import { buildServer } from './app.js';
import { isFirstEmbeddedStart, prepareDatabase, prepareInChild, preparingOnly } from './first-start.js';
import { ConfigError, loadConfig } from './kernel/config.js';
import { residentMemoryMiB } from './resident-memory.js';
import { rewrapMasterKey, rewrapRequested } from './rewrap-master-key.js';
import { portIsFree, startupFailure } from './startup-failure.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const started = Date.now();
  let server: Awaited<ReturnType<typeof buildServer>>;
  try {
    if (preparingOnly()) {
      await prepareDatabase(config);
      process.exit(0);
    }
    if (rewrapRequested()) {
      console.log(await rewrapMasterKey(config));
      process.exit(0);
    }
    // A port in use is told before the database is opened and migrated, not after.
    await portIsFree(config);
    const preparedInChild = isFirstEmbeddedStart(config);
    if (preparedInChild) {
      const code = await prepareInChild();
      if (code !== 0) process.exit(code);
    }
    server = await buildServer(config);
    if (preparedInChild) server.app.log.info({ dataDir: config.SSO_DATA_DIR }, 'new embedded database prepared by a separate process');
    await server.app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // A setting that cannot work is one line naming it; anything else is a fault with its stack.
    const line = startupFailure(config, error);
    if (!line) throw error;
    console.error(line);
    process.exit(2);
  }
  const { app, ctx } = server;
  // The footprint reported is the idle one: what starting left as garbage is collected first
  // where the process allows it (`npm start` runs the server with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const memory = residentMemoryMiB();
  app.log.info(
    { database: ctx.database.kind, location: ctx.database.location, startupMs: Date.now() - started, ...memory },
    `SSO platform ready on http://${config.HOST}:${config.PORT} (API docs at /doc.html), using ${memory.pssMiB ?? memory.rssMiB} MiB of memory`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
