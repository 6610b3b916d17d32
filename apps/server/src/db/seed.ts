import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformClock } from '../lib/clock.js';
import type { Db } from './client.js';
import { users } from './schema/index.js';
import { seedAppointments } from './seed/appointments.js';
import { seedAssignments } from './seed/assignments.js';
import { seedDemoSecondFactor } from './seed/mfa.js';
import { seedPractice } from './seed/practice.js';
import { DEMO_PASSWORD, type DemoUsers, demoAccounts, seedDemoUsers } from './seed/users.js';

/** The demo accounts as a readable table, printed once when they are created. */
export function demoAccountsTable(): string {
  const rows = demoAccounts.map((a) => [a.role, a.email, `${a.firstName} ${a.lastName}`]);
  const header = ['Role', 'E-mail', 'Name'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join('   ')}`.trimEnd();
  return [
    `Demo accounts (password for all: ${DEMO_PASSWORD})`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ].join('\n');
}

/** Every seed step in order; each takes the transaction and the ids of the demo users. */
async function seedDemo(tx: Db, clock: PlatformClock): Promise<DemoUsers> {
  const demoUsers = await seedDemoUsers(tx, clock);
  await seedPractice(tx, demoUsers);
  await seedAppointments(tx, demoUsers, clock);
  await seedAssignments(tx, demoUsers, clock);
  return demoUsers;
}

/** Seeds demo data into an empty database, all or nothing, and prints the demo accounts once. */
export async function seedIfEmpty(app: FastifyInstance, print: (text: string) => void = console.log): Promise<boolean> {
  const [{ n }] = await app.db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const demo = await app.db.transaction((tx) => seedDemo(tx, app.clock));
  const secondFactor = await seedDemoSecondFactor(app, demo);
  print(`${demoAccountsTable()}${secondFactor}`);
  return true;
}
