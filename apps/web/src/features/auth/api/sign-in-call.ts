import type { ErrorBody } from '@rozmova/contract';

/** A refused or failed sign-in call: the server's status (0 without an answer), stable code and words. */
export class SignInError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Options = { method?: 'GET' | 'POST'; body?: unknown; query?: Record<string, string>; token?: string; signal?: AbortSignal };

/**
 * The sign-in screens' calls, without the app's API client (lib/api.ts), which brings i18next with it: these calls
 * carry no session (but logout's), and the server writes mails (sign-in codes) in the page's language.
 */
export async function signInCall<T>(path: string, { method = 'GET', body, query, token, signal }: Options = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': document.documentElement.lang };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    const init: RequestInit = { method, headers, signal, credentials: token ? 'same-origin' : 'include' };
    res = await fetch(url, body === undefined ? init : { ...init, body: JSON.stringify(body) });
  } catch {
    throw new SignInError(0, 'NETWORK', 'network_error');
  }
  if (!res.ok) {
    const err = (await res.json().catch(() => null)) as ErrorBody | null;
    throw new SignInError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The toast text for a failed call: the server's own words past a rate limit, a disabled account, else `fallback`. */
export function failureText(t: (key: string) => string, err: unknown, fallback: string): string {
  if (err instanceof SignInError && err.status === 429 && err.message) return err.message;
  if (err instanceof SignInError && err.code === 'DISABLED') return t('error.disabled');
  return t(fallback);
}
