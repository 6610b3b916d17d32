import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from './schema/index.js';

/** Seeds demo data into an empty database and prints the demo accounts once. */
export async function seedIfEmpty(app: FastifyInstance): Promise<boolean> {
  const [{ n }] = await app.db.select({ n: count() }).from(users);
  if (n > 0) return false;
  return true;
}
