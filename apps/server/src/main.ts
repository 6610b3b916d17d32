import { buildApp } from './app.js';
import { missingRecordsKeys } from './backup/keys.js';
import { runOnServer } from './cli-commands.js';
import { ConfigError, loadConfig } from './config.js';
import { serveControl, serverHolds } from './control-socket.js';
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
  if (!config.databaseUrl && (await serverHolds(config.dataDir))) {
    console.error(`Another server is running on ${config.dataDir}: stop it, or set DATA_DIR to another folder.`);
    process.exit(1);
  }
  const app = await buildApp(config);
  const missingKeys = await missingRecordsKeys(app.database, config.recordsKeyring);
  if (missingKeys) console.error(missingKeys);
  const lastWords: string[] = [];
  if (config.seedDemo) await seedIfEmpty(app, (text) => lastWords.push(text));

  let closing = false;
  let closeControl = async () => {};
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
    await closeControl();
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
  if (!config.databaseUrl) {
    const control = await serveControl(config.dataDir, ({ argv }) =>
      runOnServer(argv, { database: app.database, config, clock: app.clock }),
    );
    if (control) closeControl = () => new Promise<void>((closed) => control.close(() => closed()));
    else console.error('DATA_DIR is too long a path for the control socket: stop the server before a backup');
  }
  void warmSanitizer();
  console.log(`Rozmova is running at http://${config.host}:${config.port}`);
  for (const text of lastWords) console.log(`\n${text}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
