import type { MagicLinkPreview, SignInResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Whom a one-time link names, without using it (the page asks before it signs in). */
export const previewMagicLink = (token: string) =>
  api<MagicLinkPreview>('/magic-login/preview', { query: { token }, auth: false });

/** Exchanges a one-time magic-link token for a session, once confirmed; it carries no Authorization header. */
export const magicLogin = (token: string) =>
  api<SignInResponse>('/magic-login', { method: 'POST', body: { token }, auth: false });

export const usePreviewMagicLink = () => useMutation({ mutationFn: previewMagicLink });
export const useMagicLogin = () => useMutation({ mutationFn: magicLogin });
