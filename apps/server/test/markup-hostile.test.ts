import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema/index.js';
import { createPsychologist } from './factories.js';
import { buildTestApp, type TestContext } from './helpers.js';
import { postRecord, putRecord } from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const storedCount = async (authorId: number) =>
  (await ctx.app.db.select().from(records).where(eq(records.authorId, authorId))).length;

/** Markup that a count of written tags takes for flat, and the parser nests 2,990 levels deep (5 to 9 s of jsdom). */
const HOSTILE = ['<div></span>', '<div/>', '<b/>'].map((unit) => unit.repeat(2990));

describe("one psychologist's hostile markup", () => {
  it("is refused with 400 while another psychologist's note saves", async () => {
    const attacker = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    const kept = await postRecord(ctx.app, attacker.token, { content: '<p>kept</p>' });
    const hostile = [...HOSTILE, ...HOSTILE].map((content) => postRecord(ctx.app, attacker.token, { content }));
    hostile.push(putRecord(ctx.app, attacker.token, kept.body.id, { content: HOSTILE[2], patientId: null }));
    const benign = await postRecord(ctx.app, other.token, { content: '<p>benign</p>' });
    expect(benign).toMatchObject({ status: 201, body: { content: '<p>benign</p>' } });
    for (const res of await Promise.all(hostile)) {
      expect(res).toMatchObject({ status: 400, body: { code: 'MARKUP_TOO_COMPLEX', fields: [{ field: 'body.content' }] } });
    }
    expect(await storedCount(attacker.id)).toBe(1);
    expect(await storedCount(other.id)).toBe(1);
  });
});
