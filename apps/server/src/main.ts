import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';

async function start() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  // On SIGINT/SIGTERM: stop taking requests, finish those in flight, flush mail, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Vowa is running at ${config.appUrl}`);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
