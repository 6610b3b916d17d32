import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../lib/api';

/** The signed-in user's own avatar; patients and psychologists upload to the same place. */
export const OWN_AVATAR_PATH = '/images/avatar';
/** Where another user's photo is served, to those allowed to see it. */
export const userAvatarPath = (id: number) => `/psychologist/profile/avatar/${id}`;

/** The prefix of every avatar query: a new upload refreshes each view of the photo, own and public paths alike. */
export const avatarsKey = ['avatar'] as const;

/** An avatar image as a blob, or null when the person has none (the server answers 404). */
export async function fetchAvatar(path: string): Promise<Blob | null> {
  try {
    return await api<Blob>(path, { responseType: 'blob' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const avatarQuery = (path: string) => queryOptions({ queryKey: [...avatarsKey, path], queryFn: () => fetchAvatar(path) });

/**
 * Loads an avatar with the bearer token (an <img src> could not send it) and exposes it as an
 * object URL that is released when the image changes or the component goes away.
 */
export function useAvatarUrl(path: string | null) {
  const query = useQuery({ ...avatarQuery(path ?? ''), enabled: path !== null });
  const [url, setUrl] = useState<string | null>(null);
  const blob = query.data ?? null;

  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  return { url, isLoading: query.isLoading, isError: query.isError };
}
