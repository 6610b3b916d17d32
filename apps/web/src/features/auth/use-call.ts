import { useCallback, useRef, useState } from 'react';

type Handlers<R> = { onSuccess?: (result: R) => void; onError?: (error: unknown) => void };
type State<R> = { status: 'idle' | 'pending' | 'success' | 'error'; data?: R; error?: unknown };

/**
 * One call a screen makes on a visitor's action, with its state: what `useMutation` gives the app's screens, without
 * the query cache, which sign-in has nothing to keep in. An answer to an attempt since reset or replaced is dropped.
 */
export function useCall<A, R>(call: (arg: A) => Promise<R>) {
  const [state, setState] = useState<State<R>>({ status: 'idle' });
  const attempt = useRef(0);
  const mutate = useCallback(
    (arg: A, handlers: Handlers<R> = {}) => {
      const mine = ++attempt.current;
      setState({ status: 'pending' });
      call(arg).then(
        (data) => {
          if (mine !== attempt.current) return;
          setState({ status: 'success', data });
          handlers.onSuccess?.(data);
        },
        (error: unknown) => {
          if (mine !== attempt.current) return;
          setState({ status: 'error', error });
          handlers.onError?.(error);
        },
      );
    },
    [call],
  );
  const reset = useCallback(() => {
    attempt.current++;
    setState({ status: 'idle' });
  }, []);
  return {
    mutate,
    reset,
    data: state.data,
    error: state.error ?? null,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
  };
}
