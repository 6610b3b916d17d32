import type { Page, PageQuery } from '@rozmova/contract';

/** LIMIT and OFFSET of a page. */
export const pageWindow = (q: PageQuery) => ({ limit: q.size, offset: q.page * q.size });

/** A page answer from its rows and the total count; a page past the end is empty and last. */
export function toPage<T>(content: T[], totalElements: number, q: PageQuery): Page<T> {
  const totalPages = Math.ceil(totalElements / q.size);
  return { content, page: q.page, size: q.size, totalElements, totalPages, last: q.page + 1 >= totalPages };
}

/** A text for LIKE that matches itself only: %, _ and \ are escaped. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
