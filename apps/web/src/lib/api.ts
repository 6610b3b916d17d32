import type { ErrorBody } from '@rozmova/contract';
import i18n from './i18n';
import { clearSession, getSession } from './session';

/** A failed API call, carrying the server's status and stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { field: string; message: string }[] = [],
    /** The whole error answer, for codes that carry more than the standard fields. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as-is (FormData, text) instead of JSON. */
  rawBody?: BodyInit;
  contentType?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** false: send no Authorization header (the magic-login call). */
  auth?: boolean;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  /** Sent beside the usual ones (If-Match). */
  headers?: Record<string, string>;
  /** Sees the headers of a successful answer (its ETag). */
  onHeaders?: (headers: Headers) => void;
};

let onUnauthorized: (code: string) => void = () => window.location.assign('/login');
/** The router registers how to go to /login without a page reload; it gets the refusal's code to say why. */
export const setUnauthorizedHandler = (fn: (code: string) => void) => {
  onUnauthorized = fn;
};

export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const { method = 'GET', body, rawBody, query, auth = true, signal, responseType = 'json' } = opts;
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  // The server writes mails (sign-in codes) in this language for accounts it does not know yet.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language };
  const token = auth ? getSession().token : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.contentType) headers['content-type'] = opts.contentType;
  Object.assign(headers, opts.headers);

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
      credentials: auth ? 'same-origin' : 'include',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'network_error');
  }
  if (!res.ok) {
    const err = (await res.json().catch(() => null)) as ErrorBody | null;
    // Only a call that carried our token can prove the session is gone (401, or 403 for an account disabled
    // meanwhile); it is dead, so there is nothing to revoke. Any other 403 refuses one action, not the session.
    if (token && (res.status === 401 || (res.status === 403 && err?.code === 'DISABLED'))) {
      clearSession();
      onUnauthorized(err?.code ?? 'UNAUTHORIZED');
    }
    // A staff session without a second factor may only set one up: everything else waits on the security screen.
    if (token && res.status === 403 && err?.code === 'MFA_ENROLMENT_REQUIRED' && window.location.pathname !== '/security') {
      window.location.assign('/security');
    }
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText, err?.fields ?? [], err);
  }
  opts.onHeaders?.(res.headers);
  if (res.status === 204) return undefined as T;
  if (responseType === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
