import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { managerAssignments, users } from '../src/db/schema/index.js';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { databaseDigest } from './db-digest.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { postRecord } from './records-helpers.js';

/**
 * Generated requests to every route of the real app, as every kind of caller: never a 5xx, a 4xx always in the JSON
 * error shape, and a refused request changes no row. Bounded on purpose: a fixed seed (PROPERTY_SEED overrides it)
 * and PROPERTY_RUNS runs per route and caller (4 by default: about 2,600 requests, some 20 s of tests on PGlite or
 * PostgreSQL), so the file stays well under a minute; raise PROPERTY_RUNS to search deeper. A failure prints the
 * run's seed and path (fast-check) and the shrunk request; PROPERTY_SEED with the same base seed replays the file.
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 20260311);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 4);

/**
 * Tables a refusal may legitimately change: a wrong sign-in code is counted on its row before the 400 (interfaces.md:
 * five wrong tries per code), and a right code for a disabled account is spent before the 403.
 */
const CHANGES_ON_REFUSAL = ['sign_in_codes'];

type Route = { method: string; url: string; query: string[]; body: string[] };
type Caller = 'anonymous' | 'patient' | 'psychologist' | 'manager' | 'admin' | 'disabled';
const CALLERS: Caller[] = ['anonymous', 'patient', 'psychologist', 'manager', 'admin', 'disabled'];

const accounts = new Map<Caller, TestUser>();
// Built while the file is collected, so each route can be a test of its own.
const ctx: TestContext = await buildTestApp();
const routes = await worldAndRoutes();
afterAll(() => ctx.close());

async function worldAndRoutes(): Promise<Route[]> {
  const app = ctx.app;
  const psychologist = await createPsychologist(app);
  const patient = await createPatient(app);
  accounts.set('psychologist', psychologist);
  accounts.set('patient', patient);
  accounts.set('manager', await createUser(app, { role: 'MANAGER' }));
  accounts.set('admin', await createUser(app, { role: 'ADMIN' }));
  accounts.set('disabled', await createPatient(app, { enabled: false }));
  // A little of everything, so generated small ids often name real rows.
  await insertAppointment(app, {
    psychologistId: psychologist.id,
    patientId: patient.id,
    date: dateFromToday(app, -1),
    start: '10:00',
    end: '11:00',
  });
  await insertAppointment(app, {
    psychologistId: psychologist.id,
    patientId: patient.id,
    date: dateFromToday(app, 1),
    start: '10:00',
    end: '11:00',
  });
  await postRecord(app, psychologist.token, { content: '<p>Note</p>', privacyLevel: 'DOCTOR_MANAGER', patientId: patient.id });
  await app.db
    .insert(managerAssignments)
    .values({ managerId: accounts.get('manager')?.id as number, patientId: patient.id, from: app.clock.instant() });

  const doc = (await call(app, { method: 'GET', url: '/api/openapi.json' })).body;
  return app.apiRoutes().map(({ method, url }) => {
    const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};
    const params: { name: string; in: string }[] = op.parameters ?? [];
    const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
    return { method, url, query: params.filter((p) => p.in === 'query').map((p) => p.name), body: Object.keys(body) };
  });
}

/** The caller's account as the run starts: enabled (but for the disabled one), with a fresh session. */
async function tokenOf(caller: Caller): Promise<string | undefined> {
  const account = accounts.get(caller);
  if (!account) return undefined;
  await ctx.app.db
    .update(users)
    .set({ enabled: caller !== 'disabled' })
    .where(eq(users.id, account.id));
  ctx.app.tokens.accountChanged(account.id);
  return ctx.app.tokens.issue(account.id);
}

// ---- What is sent ----

const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const tricky = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  'null',
  'true',
  'false',
  'NaN',
  '1e999',
  '2147483648',
  '99999999999999999999',
  '\u0000',
  '\uD800',
  '\u202E',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
);
/** Strings that look like what routes expect: dates, times, addresses, enum members. */
const plausible = fc.oneof(
  fc.constantFrom('2026-03-12', '2026-03-11', '2026-02-30', '1899-12-31', '9999-12-31', '2026-3-1'),
  fc.constantFrom('10:00', '11:00', '24:00', '25:61', '9:00', '10:00:00'),
  fc.constantFrom('KPT', 'DOCTOR_ONLY', 'DOCTOR_PATIENT_MANAGER', 'PATIENT', 'ROLE_ADMIN', 'MONDAY', 'active', 'archived', 'en'),
  fc.emailAddress(),
);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  tricky,
  plausible,
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'ж'.repeat(n)),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    text,
    fc.integer({ min: 1, max: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
  ),
}));

/** A body: none, any JSON, the route's own fields with odd values, deep nesting, or text that is not JSON at all. */
const bodyOf = (fields: string[]) =>
  fc.oneof(
    fc.constant<{ raw?: string; json?: unknown } | undefined>(undefined),
    fc.jsonValue().map((json) => ({ json })),
    {
      arbitrary:
        fields.length === 0
          ? value.map((json) => ({ json }))
          : fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] }).map((json) => ({ json })),
      weight: 3,
    },
    fc.object({ maxDepth: 6 }).map((json) => ({ json })),
    fc.array(value, { maxLength: 6 }).map((json) => ({ json })),
    fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,]', 'nul', '"x', '\uFEFF{}')).map((raw) => ({ raw })),
    fc.constant({ raw: 'x'.repeat(1_100_000) }),
  );

const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json;;',
    'text/plain',
    'text/plain; charset=koi8-r',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----x',
    'multipart/form-data',
    'application/octet-stream',
    'image/png',
    'application/vnd.api+json',
    '*/*',
    'x',
  ),
  { freq: 2 },
);

/** Stands in for the caller's own bearer header now and then. */
const bogusAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic dXNlcjpwYXNz',
    'bearer  a b',
    'Token abc',
    `Bearer ${'a'.repeat(9000)}`,
  ),
  fc.constantFrom(
    // Well-formed but unsigned, and signed with "none".
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwianRpIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIiwiZXhwIjo5OTk5OTk5OTk5fQ.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.AAAA',
  ),
  ascii.map((s) => `Bearer ${s}`),
);

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD. */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

// Weighted towards ids that pass validation, so the routes' own lookups run and not only the id check.
const pathSegment = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 40 }).map(String), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }).map(String), weight: 3 },
  fc.integer({ min: -2_000_000_000, max: 0 }).map(String),
  fc.constantFrom('2147483647', '2147483648', '99999999999999999999', '1e3', '0x10', '1.5', '01', '+1', '%201', '١٢'),
  fc.constantFrom('..', '.', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%00', '%', '%ZZ', 'null', '__proto__', '%E2%80%AE1'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encode),
  fc.string({ minLength: 1, maxLength: 300 }).map(encode),
);

const queryOf = (names: string[]) =>
  fc.oneof(
    fc.constant(''),
    fc
      .array(
        fc.tuple(
          fc.oneof(names.length > 0 ? fc.constantFrom(...names) : fc.string(), fc.string({ maxLength: 8 })),
          fc.oneof(text, pathSegment),
        ),
        {
          maxLength: 4,
        },
      )
      .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v).slice(0, 4000)}`).join('&')),
    fc.constantFrom(
      'a[b]=1&a=2',
      '%',
      '%E0%A4%A',
      'page=1&page=2',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      '&&&=',
      'size=-1&page=NaN',
    ),
  );

type Generated = {
  segments: string[];
  query: string;
  body: { raw?: string; json?: unknown } | undefined;
  contentType: string | null;
  authorization: string | null;
  headers: Record<string, string>;
};

const requestOf = (route: Route) =>
  fc.record<Generated>({
    segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
    query: queryOf(route.query),
    body: bodyOf(route.body),
    contentType,
    authorization: fc.option(bogusAuthorization, { freq: 5 }),
    headers: fc.record(
      { 'accept-language': ascii, 'if-none-match': ascii, 'x-magic-link-secret': ascii, 'accept-encoding': ascii },
      { requiredKeys: [] },
    ),
  });

function injectOptions(route: Route, g: Generated, token: string | undefined): InjectOptions {
  let n = 0;
  const path = route.url.replace(/:\w+|\*/g, () => g.segments[n++ % g.segments.length]);
  const headers: Record<string, string> = { ...g.headers };
  const authorization = g.authorization ?? (token ? `Bearer ${token}` : undefined);
  if (authorization) headers.authorization = authorization;
  let payload: string | undefined;
  if (g.body) {
    payload = g.body.raw ?? JSON.stringify(g.body.json) ?? 'null';
    headers['content-type'] = g.contentType ?? 'application/json';
  } else if (g.contentType) headers['content-type'] = g.contentType;
  return { method: route.method as 'GET', url: g.query ? `${path}?${g.query}` : path, headers, payload };
}

const describeRequest = (o: InjectOptions) =>
  JSON.stringify({
    ...o,
    payload:
      typeof o.payload === 'string' && o.payload.length > 300
        ? `${o.payload.slice(0, 300)}… (${o.payload.length} chars)`
        : o.payload,
  });

describe('generated requests to every route', () => {
  it('reach every route the app registers', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  // One test per route, each trying every caller, so a failure names the route.
  it.each(routes.map((route, i) => ({ route, i, name: `${route.method} ${route.url}` })))('$name', async ({ route, i }) => {
    for (const caller of CALLERS) {
      const token = await tokenOf(caller);
      let before = await databaseDigest(ctx.app, CHANGES_ON_REFUSAL);
      const property = fc.asyncProperty(requestOf(route), async (g) => {
        const options = injectOptions(route, g, token);
        const res = await ctx.app.inject(options);
        const after = await databaseDigest(ctx.app, CHANGES_ON_REFUSAL);
        const where = `${caller} ${route.method} ${route.url} (seed ${SEED}): ${describeRequest(options)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
        if (res.statusCode >= 400) {
          if (route.method !== 'HEAD') {
            let body: { statusCode?: unknown; code?: unknown; message?: unknown } | undefined;
            try {
              body = res.json();
            } catch {
              body = undefined;
            }
            const shaped =
              body?.statusCode === res.statusCode && typeof body?.code === 'string' && typeof body?.message === 'string';
            if (!shaped) throw new Error(`not the error shape: ${where}`);
          }
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) throw new Error(`a refusal changed ${changed.join(', ')}: ${where}`);
        }
        before = after;
      });
      await fc.assert(property, { seed: SEED + i * 10 + CALLERS.indexOf(caller), numRuns: RUNS, endOnFailure: true });
    }
  });
});
