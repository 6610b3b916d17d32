import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.js';

export type StoredFile = { contentType: string; fileName: string; data: Buffer };

/**
 * A stored file (a document, a message's attachment) as its own answer: shown inline, never sniffed into another
 * type, never cached, and with a policy that runs nothing and reaches nothing should the file be opened on its own
 * (nosniff comes with every answer).
 */
export function sendFile(reply: FastifyReply, file: StoredFile) {
  return reply
    .header('content-disposition', contentDisposition('inline', file.fileName))
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
    .header('cache-control', 'no-store')
    .type(file.contentType)
    .send(file.data);
}
