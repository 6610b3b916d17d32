import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../../lib/api';
import { searchKeys } from './keys';

/** The psychologist's avatar image, or null when they have none (404). */
export async function getDoctorAvatar(id: number): Promise<Blob | null> {
  try {
    return await api<Blob>(`/psychologist/profile/avatar/${id}`, { responseType: 'blob' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** An object URL for the avatar, released when it is no longer shown. */
export function useDoctorAvatarUrl(id: number | null): string | null {
  const { data } = useQuery({
    queryKey: searchKeys.avatar(id ?? 0),
    queryFn: () => getDoctorAvatar(id as number),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return url;
}
