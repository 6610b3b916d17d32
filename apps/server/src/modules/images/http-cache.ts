import { createHash } from 'node:crypto';

/** A strong validator derived from the bytes themselves, so every server process agrees on it. */
export const etagOf = (data: Uint8Array) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;

/** True when an If-None-Match header (a list, possibly weak tags, or *) names this entity tag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
