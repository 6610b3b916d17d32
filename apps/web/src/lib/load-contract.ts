import type * as Contract from '@rozmova/contract';

/**
 * The contract's schemas, with zod, in chunks of their own (about 20 KB gzip): the pre-rendered sign-in page fetches
 * them after its first paint and checks its forms with them on submit.
 */
export const loadContract = (): Promise<typeof Contract> => import('@rozmova/contract');
