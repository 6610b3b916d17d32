import { test as base } from '@playwright/test';
import { createOnboardedUser } from './users';

type Onboarded = Awaited<ReturnType<typeof createOnboardedUser>>;

/**
 * The suite's `test`, with signed-in users as fixtures: each is a fresh, fully onboarded account made through the real
 * API when a test first names it (a psychologist is verified by the admin, so patients can find them).
 */
export const test = base.extend<{ patient: Onboarded; psychologist: Onboarded }>({
  patient: async ({ request }, use) => use(await createOnboardedUser(request, 'PATIENT')),
  psychologist: async ({ request }, use) => use(await createOnboardedUser(request, 'PSYCHOLOGIST')),
});

export { expect } from '@playwright/test';
