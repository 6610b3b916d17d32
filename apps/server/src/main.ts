import { buildApp } from './app.js';
import { missingRecordsKeys } from './backup/keys.js';
import { ConfigError, loadConfig } from './config.js';
import { seedIfEmpty } from './db/seed.js';
import { portProblem } from './lib/port.js';
import { warmSanitizer } from './lib/sanitize-html.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const busy = await portProblem(config.port, config.host);
  if (busy) {
    console.error(busy);
    process.exit(1);
  }
  const app = await buildApp(config);
  const missingKeys = await missingRecordsKeys(app.database, config.recordsKeyring);
  if (missingKeys) console.error(missingKeys);
  const lastWords: string[] = [];
  if (config.seedDemo) await seedIfEmpty(app, (text) => lastWords.push(text));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // Closing the server waits for requests in flight, but a keep-alive connection that goes idle after its answer
    // would hold it open until the client lets go: such connections are closed as soon as they fall idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    await app.close();
    clearInterval(sweep);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The log writes asynchronously, so its own "listening" line could land under the lines below: the address is said
  // here instead, and the demo accounts table comes last, where a newcomer looks.
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = config.logLevel;
  void warmSanitizer();
  console.log(`Rozmova is running at http://${config.host}:${config.port}`);
  for (const text of lastWords) console.log(`\n${text}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
