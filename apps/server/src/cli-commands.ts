import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema, LIMITS, magicLinkCreateBodySchema, requiredName, roleSchema } from '@rozmova/contract';
import { z } from 'zod';
import type { AppContext } from './access/context.js';
import type { Printer } from './cli-backup.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { PlatformClock } from './lib/clock.js';

const USAGE = `Usage:
  npm run cli -- user:create --email E --role ROLE [--password P] [--first-name F] [--last-name L]
      Creates an enabled user with that role (ADMIN, MANAGER, MODERATOR, PSYCHOLOGIST or PATIENT),
      or gives an existing user that role and password.
  npm run cli -- magic-link:create --external-id ID
      Prints a one-time /magic-login?token=… URL for the messaging-app account ID.
  npm run cli -- backup --out FILE
      Writes a consistent backup of the database while the server runs (PostgreSQL: pg_dump; the embedded
      database: PGlite's dump, made by the server that holds it) with a manifest of its schema, row counts and
      needed key versions.
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

/** Where a command's output goes: the terminal, or back over the control socket to the CLI that asked. */
const terminal: Printer = { log: (text) => console.log(text), error: (text) => console.error(text) };

/** Runs the CLI: on its own, or, for the embedded database of a server that runs, through that server. */
export async function run(argv: string[]): Promise<number> {
  let request: Request;
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
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  if (!config.databaseUrl) {
    // One process at a time may hold the embedded database's files: while a server holds them, it runs the command.
    const { askServer } = await import('./control-socket.js');
    const answer = await askServer(config.dataDir, { argv: withAbsolutePaths(argv) });
    if (answer) {
      if (answer.stdout) console.log(answer.stdout);
      if (answer.stderr) console.error(answer.stderr);
      return answer.code;
    }
  }
  const { openDatabase } = await import('./db/client.js');
  const { PlatformClock } = await import('./lib/clock.js');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone });
  try {
    return await execute(request, { database, config, clock: new PlatformClock(config.timeZone), out: terminal });
  } finally {
    await database.close();
  }
}

/** The paths given to the CLI, made absolute where it runs: the server that runs the command may stand elsewhere. */
function withAbsolutePaths(argv: string[]): string[] {
  return argv.map((arg, i) =>
    argv[i - 1] === '--out' ? resolve(arg) : arg.startsWith('--out=') ? `--out=${resolve(arg.slice(6))}` : arg,
  );
}

/**
 * A command (not restore) on an open database; answers the exit code. The server runs this for a CLI that asked it
 * over the control socket, on the database it holds (`argv` as the CLI was given it, paths made absolute).
 */
export async function runOnServer(
  argv: string[],
  ctx: Omit<CommandContext, 'out'>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const lines = { stdout: [] as string[], stderr: [] as string[] };
  const out: Printer = { log: (text) => lines.stdout.push(text), error: (text) => lines.stderr.push(text) };
  let code: number;
  try {
    const request = parse(argv);
    if (request.command === 'restore') {
      out.error('A running server cannot restore into its own database: stop it first');
      code = 1;
    } else code = await execute(request, { ...ctx, out });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out.error(`${err.message}\n\n${USAGE}`);
    code = 2;
  }
  return { code, stdout: lines.stdout.join('\n'), stderr: lines.stderr.join('\n') };
}

type Request = ReturnType<typeof parse>;
type CommandContext = { database: Database; config: Config; clock: PlatformClock; out: Printer };

async function execute(request: Exclude<Request, { command: 'restore' }>, ctx: CommandContext): Promise<number> {
  const { database, config, clock, out } = ctx;
  if (request.command === 'backup') {
    return (await import('./cli-backup.js')).backupCommand(database, config, request.values.out, out);
  }
  if (request.command === 'user:create') {
    const userId = await createUser({ db: database.db, clock }, request.values, out);
    // Running servers drop what they cached of the account (without Redis, their cache lasts a second anyway).
    if (config.redisUrl) {
      const { announceAccountChanged } = await import('./access/session-bus.js');
      await announceAccountChanged(config.redisUrl, userId);
    }
  } else await createLink({ db: database.db, config, clock }, request.values, out);
  return 0;
}

async function createUser(ctx: Pick<AppContext, 'db' | 'clock'>, v: z.output<typeof userCreateSchema>, out: Printer) {
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
  out.log(`${created ? 'Created' : 'Updated'} user #${user.id} ${user.email}: role ${v.role}, ${password}${disabled}${ended}`);
  return user.id;
}

async function createLink(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, v: z.output<typeof magicLinkSchema>, out: Printer) {
  const { createMagicLink } = await import('./modules/auth/magic-links-service.js');
  const link = await createMagicLink(ctx, v['external-id']);
  out.log(link.url);
  out.error(`One use, valid until ${link.expiresAt}.`);
}
