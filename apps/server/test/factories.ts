import type { Role, TherapyType } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import { patientProfiles, psychologistProfiles, users } from '../src/db/schema/index.js';
import { uniqueEmail } from './helpers.js';

export type TestUser = { id: number; email: string; token: string; role: Role | null };

type UserInput = {
  role?: Role | null;
  email?: string;
  firstName?: string;
  lastName?: string;
  profileCompleted?: boolean;
  enabled?: boolean;
  passwordHash?: string | null;
};

/** Inserts a real user row and signs a real token for it. */
export async function createUser(app: FastifyInstance, input: UserInput = {}): Promise<TestUser> {
  const role = input.role === undefined ? 'PATIENT' : input.role;
  const [row] = await app.db
    .insert(users)
    .values({
      email: (input.email ?? uniqueEmail(role?.toLowerCase() ?? 'new')).toLowerCase(),
      role,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? (role ? role.charAt(0) + role.slice(1).toLowerCase() : 'User'),
      profileCompleted: input.profileCompleted ?? role !== null,
      enabled: input.enabled ?? true,
      passwordHash: input.passwordHash ?? null,
      birthDate: '1990-01-01',
    })
    .returning();
  return { id: row.id, email: row.email, role: row.role, token: await app.tokens.issue(row.id) };
}

export async function createPatient(app: FastifyInstance, input: UserInput & { aboutMe?: string } = {}) {
  const user = await createUser(app, { ...input, role: 'PATIENT' });
  await app.db.insert(patientProfiles).values({ userId: user.id, aboutMe: input.aboutMe ?? '', therapyGoals: '' });
  return user;
}

export async function createPsychologist(
  app: FastifyInstance,
  input: UserInput & { therapyTypes?: TherapyType[]; experience?: number; description?: string; verified?: boolean } = {},
) {
  const user = await createUser(app, { ...input, role: 'PSYCHOLOGIST' });
  await app.db.insert(psychologistProfiles).values({
    userId: user.id,
    experience: input.experience ?? 5,
    therapyTypes: input.therapyTypes ?? ['KPT'],
    description: input.description ?? 'Test psychologist',
    verified: input.verified ?? true,
  });
  return user;
}
