import type * as Contract from '@rozmova/contract';

/**
 * The contract's schemas, with zod, in chunks of their own (about 20 KB gzip, and work to build): the pre-rendered
 * sign-in page checks its forms with them on submit.
 */
export const loadContract = (): Promise<typeof Contract> => import('@rozmova/contract');

/** Form props that fetch the schemas as soon as the visitor starts on the form, so a submit need not wait. */
export const warmContract = {
  onKeyDownCapture: () => void loadContract(),
  onPointerDownCapture: () => void loadContract(),
};
