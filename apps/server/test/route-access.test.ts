import { ROLES, type Role } from '@rozmova/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/access/route-access.js';
import { createUser, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { ROUTE_ACCESS as EXPECTED } from './route-table.js';

let ctx: TestContext;
let routes: { key: string; method: string; url: string; access: Access }[];
beforeAll(async () => {
  ctx = await buildTestApp();
  routes = ctx.app.apiRoutes().map((r) => ({ ...r, key: `${r.method} ${r.url}` }));
});
afterAll(() => ctx.close());

const expectedOf = (method: string, url: string) =>
  EXPECTED[`${method} ${url}`] ?? (method === 'HEAD' ? EXPECTED[`GET ${url}`] : undefined);

/** A request to the route with a path filled in and a body that would fail validation. */
const probe = (method: string, url: string, token?: string) =>
  call(ctx.app, {
    method: method as 'GET',
    url: url.replaceAll(':id', '1').replaceAll(':patientId', '1').replace('*', 'x'),
    token,
    ...(['POST', 'PUT', 'DELETE'].includes(method) ? { payload: { junk: true } } : {}),
  });

describe('route access', () => {
  it('has a declared entry for every registered /api route, and a route for every entry', () => {
    const undeclared = routes.filter((r) => expectedOf(r.method, r.url) === undefined).map((r) => r.key);
    expect(undeclared).toEqual([]);
    const registered = new Set(routes.map((r) => r.key));
    expect(Object.keys(EXPECTED).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('declares on each route exactly the access of the table', () => {
    for (const r of routes)
      expect({ route: r.key, access: r.access }).toEqual({ route: r.key, access: expectedOf(r.method, r.url) });
  });

  it('answers 401 to an anonymous caller of every route that is not public, before looking at the body', async () => {
    for (const r of routes.filter((r) => r.access !== 'public')) {
      const res = await probe(r.method, r.url);
      expect({ route: r.key, status: res.status, code: res.body?.code }).toEqual({
        route: r.key,
        status: 401,
        code: r.method === 'HEAD' ? undefined : 'UNAUTHORIZED',
      });
    }
  });

  it('answers 403 to a signed-in caller without one of the roles, before looking at the body', async () => {
    const users = new Map<Role | null, TestUser>();
    for (const role of [...ROLES, null]) users.set(role, await createUser(ctx.app, { role }));
    for (const r of routes) {
      if (!Array.isArray(r.access)) continue;
      for (const [role, user] of users) {
        if (role && r.access.includes(role)) continue;
        const res = await probe(r.method, r.url, user.token);
        expect({ route: r.key, role, status: res.status }).toEqual({ route: r.key, role, status: 403 });
      }
    }
  });

  it('opens public routes without a token', async () => {
    for (const r of routes.filter((r) => r.access === 'public' && r.method === 'GET')) {
      expect({ route: r.key, status: (await probe(r.method, r.url)).status }).not.toMatchObject({ status: 401 });
    }
  });

  it('documents every route but the docs themselves in the OpenAPI document, with its schemas', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).body;
    const missing = routes
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .filter((r) => !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()])
      .map((r) => r.key);
    expect(missing).toEqual([]);
    const audit = doc.paths['/api/admin/audit'].get;
    expect(audit.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'action',
      'actorId',
      'page',
      'size',
      'subjectId',
    ]);
    expect(Object.keys(audit.responses['200'].content['application/json'].schema.properties).sort()).toEqual(
      ['content', 'last', 'page', 'size', 'totalElements', 'totalPages'].sort(),
    );
  });
});
