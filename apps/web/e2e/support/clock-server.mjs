// The server as `npm start` serves it, built through the same buildApp, with one difference for tests that need a
// session in the past or already under way (the API books only what lies ahead): its one clock (AppDeps.now) reads
// the time PUT /e2e/clock gives it ({ at: ISO instant } runs the clock from there on, { at: null } back to the real
// time). Only the spec that starts this entry has that route; `npm start` never does.
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { seedIfEmpty } from '../../../server/src/db/seed.ts';

let offsetMs = 0;
const config = loadConfig();
const app = await buildApp(config, { now: () => new Date(Date.now() + offsetMs) });
app.put('/e2e/clock', async (request) => {
  const at = request.body?.at ?? null;
  offsetMs = at === null ? 0 : Date.parse(at) - Date.now();
  return { now: new Date(Date.now() + offsetMs).toISOString() };
});
if (config.seedDemo) await seedIfEmpty(app);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
