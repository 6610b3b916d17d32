import { useEffect } from 'react';
import { notify } from './notify';

/** Shows `message` as an error toast each time `isError` turns true. */
export function useErrorToast(isError: boolean, message: string) {
  useEffect(() => {
    if (isError) notify.error(message);
  }, [isError, message]);
}
