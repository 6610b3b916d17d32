import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from './use-logout';

/** A fetch that answers only when aborted, as a server that never replies would leave it. */
const hangingFetch = (_url: URL, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

describe('logout', () => {
  beforeEach(() => localStorage.setItem('token', 'the-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('revokes the token on the server with a bearer POST', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await logout();
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer the-token');
  });

  it('settles when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(logout()).resolves.toBeUndefined();
  });

  it('stops waiting for a server that does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(hangingFetch));
    const started = Date.now();
    await expect(logout(50)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
