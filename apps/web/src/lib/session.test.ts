import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from './api';
import { clearSession, getSession, saveAuth } from './session';

function signedInWithUkrainian() {
  saveAuth({ token: 'the-token', email: 'a@example.test', role: 'ROLE_PATIENT', profileCompleted: true });
  localStorage.setItem('user', JSON.stringify({ firstName: 'Marta' }));
  localStorage.setItem('locale', 'uk');
  sessionStorage.setItem('anything', 'x');
}

describe('clearSession', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('clears all browser storage but keeps the chosen language', () => {
    signedInWithUkrainian();
    clearSession();
    expect({ ...localStorage }).toEqual({ locale: 'uk' });
    expect(sessionStorage.length).toBe(0);
    expect(getSession().token).toBeNull();
  });

  it('leaves no language behind when none was chosen', () => {
    localStorage.setItem('token', 'the-token');
    clearSession();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the language the same way when a 401 ends the session', async () => {
    signedInWithUkrainian();
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'UNAUTHORIZED', message: 'no' }, { status: 401 })),
    );
    await expect(api('/user/me')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledOnce();
    expect({ ...localStorage }).toEqual({ locale: 'uk' });
    expect(sessionStorage.length).toBe(0);
  });
});
