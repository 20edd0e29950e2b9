import { ConfigError, loadConfig } from '#config.ts';
import { buildApp, createLogger } from '#app.ts';

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
