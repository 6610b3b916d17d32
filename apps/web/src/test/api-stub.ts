import { vi } from 'vitest';

/** One request the app made: its method, path, query, JSON body and If-Match header. */
export type Call = { method: string; path: string; query: string; body: unknown; ifMatch: string | null };

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A save refused because the copy was saved elsewhere since it was read. */
export const staleAnswer = () => json({ statusCode: 409, code: 'STALE', message: 'changed' }, 409);

/** Stubs fetch for one test: every request is recorded in the list answered, and `answer` gives its response. */
export function stubApi(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ifMatch: headers['if-match'] ?? null,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
