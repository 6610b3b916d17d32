import { create } from 'content-disposition';

/**
 * A Content-Disposition value with the file's name (RFC 6266): a name that is not plain ASCII also goes, UTF-8 and
 * percent-encoded, in `filename*`, so no name can break out of the header. Our own fallback for `filename` puts `_`
 * where the package would put `?` (a character Windows refuses in a name), and covers `%` so that a name which looks
 * percent-encoded is sent exactly in `filename*` too.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  return create(fileName, { type, fallback: fileName.replace(/[^\x20-\x7e]|%/g, '_') });
}
