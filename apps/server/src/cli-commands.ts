import { parseArgs } from 'node:util';
import { emailSchema, LIMITS, magicLinkCreateBodySchema, requiredName, roleSchema } from '@rozmova/contract';
import { z } from 'zod';
import type { AppContext } from './access/context.js';

const USAGE = `Usage:
  npm run cli -- user:create --email E --role ROLE [--password P] [--first-name F] [--last-name L]
      Creates an enabled user with that role (ADMIN, MANAGER, MODERATOR, PSYCHOLOGIST or PATIENT),
      or gives an existing user that role and password.
  npm run cli -- magic-link:create --external-id ID
      Prints a one-time /magic-login?token=… URL for the messaging-app account ID.
  npm run cli -- backup --out FILE
      Writes a consistent backup of the database (PostgreSQL: pg_dump, while the server runs; the embedded
      database: while the server is stopped) with a manifest of its schema, row counts and needed key versions.
  npm run cli -- restore --from FILE
      Restores a backup into an empty DATA_DIR (embedded) or the empty database of DATABASE_URL.`;

const userCreateSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  password: z.string().min(LIMITS.password.min).max(LIMITS.password.max).optional(),
  'first-name': requiredName(LIMITS.name).optional(),
  'last-name': requiredName(LIMITS.name).optional(),
});
const magicLinkSchema = z.object({ 'external-id': magicLinkCreateBodySchema.shape.externalId });
const backupSchema = z.object({ out: z.string().min(1) });
const restoreSchema = z.object({ from: z.string().min(1) });

class UsageError extends Error {}

const OPTIONS = ['email', 'role', 'password', 'first-name', 'last-name', 'external-id', 'out', 'from'];

function validate<T extends z.ZodObject>(schema: T, values: unknown): z.output<T> {
  const result = schema.strict().safeParse(values);
  if (result.success) return result.data as z.output<T>;
  const lines = result.error.issues.map((i) =>
    i.code === 'unrecognized_keys'
      ? `This command takes no ${i.keys.map((k) => `--${k}`).join(', ')}`
      : `--${i.path.join('.')}: ${i.message}`,
  );
  throw new UsageError(lines.join('\n'));
}

function parse(argv: string[]) {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    const options = Object.fromEntries(OPTIONS.map((o) => [o, { type: 'string' as const }]));
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const [command, ...extra] = parsed.positionals;
  if (!command) throw new UsageError('No command given.');
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  if (command === 'user:create') return { command, values: validate(userCreateSchema, parsed.values) } as const;
  if (command === 'magic-link:create') return { command, values: validate(magicLinkSchema, parsed.values) } as const;
  if (command === 'backup') return { command, values: validate(backupSchema, parsed.values) } as const;
  if (command === 'restore') return { command, values: validate(restoreSchema, parsed.values) } as const;
  throw new UsageError(`Unknown command: ${command}`);
}

async function run(argv: string[]): Promise<number> {
  let request: ReturnType<typeof parse>;
  try {
    request = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  // Loaded only now, so a usage error answers without starting the database layer.
  if (request.command === 'restore') return (await import('./cli-backup.js')).restoreCommand(request.values.from);
  const { ConfigError, loadConfig } = await import('./config.js');
  const { openDatabase } = await import('./db/client.js');
  const { PlatformClock } = await import('./lib/clock.js');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone });
  const clock = new PlatformClock(config.timeZone);
  try {
    if (request.command === 'backup') {
      return await (await import('./cli-backup.js')).backupCommand(database, config, request.values.out);
    }
    if (request.command === 'user:create') {
      const userId = await createUser({ db: database.db, clock }, request.values);
      // Running servers drop what they cached of the account (without Redis, their cache lasts a second anyway).
      if (config.redisUrl) {
        const { announceAccountChanged } = await import('./access/session-bus.js');
        await announceAccountChanged(config.redisUrl, userId);
      }
    } else await createLink({ db: database.db, config, clock }, request.values);
  } finally {
    await database.close();
  }
  return 0;
}

async function createUser(ctx: Pick<AppContext, 'db' | 'clock'>, v: z.output<typeof userCreateSchema>) {
  const { upsertAccount } = await import('./modules/users/service.js');
  const { user, created, sessionsEnded } = await upsertAccount(ctx, {
    email: v.email,
    role: v.role,
    password: v.password,
    firstName: v['first-name'],
    lastName: v['last-name'],
  });
  const password = v.password
    ? 'password set'
    : user.passwordHash
      ? 'password unchanged'
      : 'no password (signs in by e-mailed code)';
  const disabled = user.enabled ? '' : ' (the account is disabled)';
  const ended = sessionsEnded ? '; every session of the account is ended' : '';
  console.log(
    `${created ? 'Created' : 'Updated'} user #${user.id} ${user.email}: role ${v.role}, ${password}${disabled}${ended}`,
  );
  return user.id;
}

async function createLink(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, v: z.output<typeof magicLinkSchema>) {
  const { createMagicLink } = await import('./modules/auth/magic-links.js');
  const link = await createMagicLink(ctx, v['external-id']);
  console.log(link.url);
  console.error(`One use, valid until ${link.expiresAt}.`);
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
