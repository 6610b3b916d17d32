import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A JSON string such as "a@b.c" sent as text is read as the text it holds. */
function unquote(body: string): string {
  if (!/^\s*".*"\s*$/s.test(body)) return body;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'string' ? parsed : body;
  } catch {
    return body;
  }
}

/** Plain-text bodies (the onboarding send-code call) arrive as strings, quoted or not. */
export default fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, unquote(body as string)),
    );
  },
  { name: 'bodies' },
);
