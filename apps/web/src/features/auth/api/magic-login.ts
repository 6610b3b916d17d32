import type { MagicLinkPreview, SignInResponse } from '@rozmova/contract';
import { useCall } from '../use-call';
import { signInCall } from './sign-in-call';

/** Whom a one-time link names, without using it (the page asks before it signs in). */
export const previewMagicLink = (token: string) => signInCall<MagicLinkPreview>('/magic-login/preview', { query: { token } });

/** Exchanges a one-time magic-link token for a session, once confirmed; it carries no Authorization header. */
export const magicLogin = (token: string) => signInCall<SignInResponse>('/magic-login', { method: 'POST', body: { token } });

export const usePreviewMagicLink = () => useCall(previewMagicLink);
export const useMagicLogin = () => useCall(magicLogin);
