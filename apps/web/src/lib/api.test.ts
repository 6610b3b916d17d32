import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api';
import { getSession, saveAuth } from './session';

const answer = (status: number, code: string) =>
  vi.fn(async () => new Response(JSON.stringify({ statusCode: status, code, message: code }), { status }));

// Which refusals end the browser session: a dead session or a disabled account, not a refused action.
describe('api refusals', () => {
  const toLogin = vi.fn();
  beforeEach(() => {
    saveAuth({ token: 't', email: 'a@b.test', role: 'ROLE_PATIENT', profileCompleted: true });
    setUnauthorizedHandler(toLogin);
    toLogin.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [401, 'UNAUTHORIZED', true],
    [403, 'DISABLED', true],
    [403, 'FORBIDDEN', false],
    [404, 'NOT_FOUND', false],
  ])('%i %s signs out: %s', async (status, code, signsOut) => {
    vi.stubGlobal('fetch', answer(status, code));
    await expect(api('/user/me')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBe(signsOut ? null : 't');
    expect(toLogin.mock.calls).toEqual(signsOut ? [[code]] : []);
  });
});
