import { ApiError } from './api';

/** A save refused because the copy it was based on was changed elsewhere since it was read (409 STALE). */
export const isStale = (err: unknown): boolean => err instanceof ApiError && err.code === 'STALE';
