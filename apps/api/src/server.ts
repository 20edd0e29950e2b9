import { ConfigError, loadConfig } from '#config.ts';
import { buildApp, createLogger } from '#app.ts';

/** How long requests in flight may take to finish after SIGTERM. */
const DRAIN_MS = 5_000;

/** Boots the app: configuration, logger, listen, graceful shutdown — nothing else. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config);
  const built = await buildApp(config, log);
  await built.app.listen({ port: config.port, host: config.host });
  log.info(`Manto is running at ${config.publicUrl}/app/ (database: ${built.database.kind})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining requests');
    built.beginShutdown();
    // Idle keep-alive sockets close at once (Node's server.close); requests in flight get DRAIN_MS,
    // then whatever is still open (a slow client) is cut so the process exits cleanly.
    const cut = setTimeout(() => {
      log.warn('cutting connections still open after the drain');
      built.app.server.closeAllConnections();
    }, DRAIN_MS);
    cut.unref();
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    await built.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
