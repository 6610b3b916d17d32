import { RICH_TEXT_MAX_DEPTH } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema/index.js';
import { warmSanitizer } from '../src/lib/sanitize-html.js';
import { createPsychologist } from './factories.js';
import { buildTestApp, type TestContext } from './helpers.js';
import { postRecord, putRecord } from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  // As the server does once it listens: no test here waits for jsdom to load.
  await warmSanitizer();
});
afterAll(() => ctx.close());

const storedCount = async (authorId: number) =>
  (await ctx.app.db.select().from(records).where(eq(records.authorId, authorId))).length;

/** Markup that a count of written tags takes for flat, and the parser nests 2,990 levels deep (5 to 9 s of jsdom). */
const HOSTILE = ['<div></span>', '<div/>', '<b/>'].map((unit) => unit.repeat(2990));

/** The heaviest note the limits admit: 93 chains of 32 nested levels, some 2,976 elements (about a second to clean). */
const HEAVY = `<p>${'<b>'.repeat(RICH_TEXT_MAX_DEPTH - 1)}x${'</b>'.repeat(RICH_TEXT_MAX_DEPTH - 1)}</p>`.repeat(93);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

  it("that the limits admit holds one sanitiser at a time: another psychologist's note is not queued behind it", async () => {
    const busy = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    let saved = 0;
    const heavy = Array.from({ length: 5 }, () =>
      postRecord(ctx.app, busy.token, { content: HEAVY }).then((res) => {
        saved++;
        return res;
      }),
    );
    // Let the heavy notes reach the sanitiser first.
    await pause(300);
    const benign = await postRecord(ctx.app, other.token, { content: '<p>benign</p>' });
    const savedBefore = saved;
    expect(benign).toMatchObject({ status: 201, body: { content: '<p>benign</p>' } });
    // With two workers shared first come, first served, the benign note waited for three or four of the five.
    expect(savedBefore).toBeLessThanOrEqual(1);
    for (const res of await Promise.all(heavy)) expect(res.status).toBe(201);
    expect(await storedCount(busy.id)).toBe(5);
  });
});
