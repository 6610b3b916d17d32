/**
 * The layering rules `npm run depcruise` (part of `npm test`) enforces.
 * It runs once per app, DEPCRUISE_APP naming the app (web by default), so each resolves with its own tsconfig.json.
 */
const path = require('node:path');

const APP = process.env.DEPCRUISE_APP ?? 'web';
const WEB = '^apps/web/src/';
/** A server file that may write SQL: a repository.ts, a *-repository.ts, or anything in a repository/ folder. */
const REPOSITORY = '^apps/server/src/modules/[^/]+/.*repository(\\.ts$|/)';
/** A module's public face: its service.ts and *-service.ts files (functions) and a types.ts (types). */
const MODULE_FACE = [
  '^apps/server/src/modules/[^/]+/service\\.ts$',
  '^apps/server/src/modules/[^/]+/[^/]+-service\\.ts$',
  '^apps/server/src/modules/[^/]+/types\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-other-feature',
      comment:
        'Features stay independent: an entity two features read (its queries and keys) moves to src/entities, other shared pieces to src/components or src/lib.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-to-app',
      comment: 'src/app (providers, router, layout) puts the screens together; nothing below it reaches back up.',
      severity: 'error',
      from: { path: `${WEB}(features|entities|components|lib)/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-to-feature',
      comment: 'Shared code and entities know no feature, so any feature can use them without pulling in another.',
      severity: 'error',
      from: { path: `${WEB}(entities|components|lib)/` },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'web-lib-to-entities',
      comment: 'src/lib is the bottom layer (the API client, dates, texts): entities build on it, never the other way.',
      severity: 'error',
      from: { path: `${WEB}lib/` },
      to: { path: `${WEB}entities/` },
    },
    {
      name: 'web-circular',
      comment: 'A cycle makes import order matter and defeats the lazy route chunks.',
      severity: 'error',
      from: { path: WEB },
      to: { circular: true },
    },
    {
      name: 'server-drizzle-outside-repository',
      comment:
        'Only repositories write SQL (besides the access rules as SQL conditions, the db schema and seed, the CLI and tests; benchmarks sit outside apps/).',
      severity: 'error',
      from: {
        path: '^apps/server/',
        pathNot: [
          REPOSITORY,
          '^apps/server/src/access/',
          '^apps/server/src/db/',
          '^apps/server/src/cli\\.ts$',
          '^apps/server/test/',
        ],
      },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'server-layers-to-modules',
      comment:
        'access/, plugins/, lib/, mail/ and db/ sit below the areas: they know no module. A piece both need moves down into one of them; mounting the areas happens in app.ts and modules/index.ts, and the demo seed (db/seed/) fills the database through the areas as the app would.',
      severity: 'error',
      from: { path: '^apps/server/src/(access|plugins|lib|mail|db)/', pathNot: '^apps/server/src/db/seed/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-module-to-other-module-internals',
      comment:
        'Modules talk through their front doors: a module imports another only through its public face (service.ts, *-service.ts, types.ts), never its repositories, routes or helpers. A piece several modules need moves down to db/ or lib/.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: ['^apps/server/src/modules/$1/', ...MODULE_FACE] },
    },
    {
      name: 'server-routes-to-repository',
      comment: 'Routes stay thin: they call a service, which holds the rules and the transactions around the repository.',
      severity: 'error',
      from: { path: ['^apps/server/src/modules/.+/routes\\.ts$', '^apps/server/src/signal/'] },
      to: { path: '(^|/)[^/]*repository(\\.ts$|/)' },
    },
    {
      name: 'server-to-signal',
      comment:
        "signal/ (the call signalling over WebSocket) is an entry point beside the routes: it calls the areas' services, and only app.ts mounts it.",
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/signal/', '^apps/server/src/app\\.ts$'] },
      to: { path: '^apps/server/src/signal/' },
    },
  ],
  options: {
    // Packages show up as dependencies (the drizzle rule needs them) but are not read.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|coverage|test-results|playwright-report)/' },
    // Type-only imports cross layers too.
    tsPreCompilationDeps: true,
    // An absolute path: with a relative one the tsconfig's own `extends` is looked up in the wrong folder.
    tsConfig: { fileName: path.join(__dirname, 'apps', APP, 'tsconfig.json') },
    // Workspace packages such as @rozmova/contract resolve only through their package.json exports.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
