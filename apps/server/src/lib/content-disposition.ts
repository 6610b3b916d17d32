/**
 * A Content-Disposition value with the file's name: an ASCII fallback in `filename` and the exact name, UTF-8 and
 * percent-encoded, in `filename*` (RFC 6266), so no name can break out of the header.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
