import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthResponse, OnboardingBody } from '@rozmova/contract';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** The newest 6-digit code mailed to this address, as the real SMTP catcher received it. */
export async function mailedCode(email: string, previous = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const texts = await mailTexts(email);
    const code = texts.length > previous ? texts.at(-1)?.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The plain-text bodies of every mail sent to this address so far. */
export async function mailTexts(email: string): Promise<string[]> {
  const res = await fetch(`${process.env.MAILBOX_URL}/?email=${encodeURIComponent(email)}`);
  return (await res.json()) as string[];
}

export const mailCount = async (email: string): Promise<number> => (await mailTexts(email)).length;

/** Signs a new e-mail in by code through the API: a fresh account with no role yet. */
const octet = () => Math.floor(Math.random() * 254) + 1;
const clientAddress = () => `10.${octet()}.${octet()}.${octet()}`;

export async function signInByCode(request: APIRequestContext, email = uniqueEmail()): Promise<AuthResponse> {
  const before = await mailCount(email);
  // Each made user asks from an address of their own, as real people do: the server's per-client limit of code
  // requests (100 in 15 minutes) would otherwise stop a long e2e run. It believes the loopback proxy (TRUST_PROXY).
  const sent = await request.post('/api/auth/email/request-code', {
    data: { email },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  if (!sent.ok()) throw new Error(`request-code: ${sent.status()} ${await sent.text()}`);
  const code = await mailedCode(email, before);
  const res = await request.post('/api/auth/email/verify-code', { data: { email, code } });
  if (!res.ok()) throw new Error(`verify-code: ${res.status()} ${await res.text()}`);
  return res.json();
}

const defaults = (role: 'PATIENT' | 'PSYCHOLOGIST'): OnboardingBody => ({
  role,
  firstName: role === 'PATIENT' ? 'Pat' : 'Doc',
  lastName: `E2e${randomUUID().slice(0, 4)}`,
  birthDate: '1990-05-17',
  language: 'en',
  aboutMe: '',
  therapyGoals: '',
  experience: role === 'PSYCHOLOGIST' ? 7 : null,
  description: role === 'PSYCHOLOGIST' ? 'I help adults with anxiety.' : '',
  specialties: '',
  education: '',
  certificates: '',
  therapyTypes: role === 'PSYCHOLOGIST' ? ['KPT', 'GESTALT_TERAPIA'] : [],
});

/** The demo admin the e2e server seeds (apps/server/src/db/seed/users.ts). */
export const DEMO_ADMIN = { email: 'admin@rozmova.demo', password: 'rozmova-demo-2026' };

/** Signs the demo admin in with the password through the API. */
export async function signInAsAdmin(request: APIRequestContext): Promise<AuthResponse> {
  const res = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  if (!res.ok()) throw new Error(`admin login: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** The admin marks a psychologist's documents as checked (or not), as /admin/users does. */
export async function setVerified(request: APIRequestContext, psychologistId: number, verified = true): Promise<void> {
  const admin = await signInAsAdmin(request);
  const res = await request.put(`/api/admin/users/${psychologistId}/verify?verified=${verified}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  if (!res.ok()) throw new Error(`verify: ${res.status()} ${await res.text()}`);
}

/**
 * A fully onboarded account made through the real API. A psychologist is then verified by the admin, so patients can
 * find and book them; `{ verified: false }` leaves them as onboarding does, awaiting the check.
 */
export async function createOnboardedUser(
  request: APIRequestContext,
  role: 'PATIENT' | 'PSYCHOLOGIST',
  overrides: Partial<OnboardingBody> = {},
  options: { verified?: boolean } = {},
) {
  const email = uniqueEmail(role.toLowerCase());
  const auth = await signInByCode(request, email);
  const body = { ...defaults(role), ...overrides };
  const headers = { authorization: `Bearer ${auth.token}` };
  const res = await request.put('/api/onboarding', { data: body, headers });
  if (!res.ok()) throw new Error(`onboarding: ${res.status()} ${await res.text()}`);
  const me = await request.get('/api/user/me', { headers });
  if (!me.ok()) throw new Error(`user/me: ${me.status()} ${await me.text()}`);
  const { id } = (await me.json()) as { id: number };
  if (role === 'PSYCHOLOGIST' && options.verified !== false) await setVerified(request, id);
  return {
    ...auth,
    id,
    role: `ROLE_${role}` as const,
    profileCompleted: true,
    firstName: body.firstName,
    lastName: body.lastName,
  };
}

/** Opens the app already signed in with this session, as the login screen would leave it. */
export async function useSession(page: Page, auth: AuthResponse, locale: 'en' | 'uk' = 'en') {
  await page.goto('/');
  await page.evaluate(
    ({ auth, locale }) => {
      localStorage.setItem('token', auth.token);
      localStorage.setItem('email', auth.email);
      if (auth.role) localStorage.setItem('role', auth.role);
      localStorage.setItem('profileCompleted', String(auth.profileCompleted));
      localStorage.setItem('locale', locale);
    },
    { auth, locale },
  );
}
