import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Hostile text for every field that stores or shows what users type. Each payload that could run calls
 * `__xssHit(n)` (a function the test exposes to the page) and each element it would create carries `data-xss`, so
 * a payload that runs is caught by the trap and one that only turns into markup is caught in the DOM.
 */
const run = (n: number) => `__xssHit(${n})`;

/** Short enough for a name (at most 100 characters, one line, no bidirectional controls). */
export const NAME_PAYLOADS = [
  `"'><img src=x data-xss onerror=${run(1)}>`,
  `<svg data-xss onload=${run(2)}></svg>`,
  `<script>${run(3)}</script>`,
  `{{constructor.constructor('${run(4)}')()}}`,
  `\${${run(5)}}\`\${${run(5)}}\``,
  `<a data-xss href=javascript:${run(6)}>x</a>`,
  `<noscript><p title="</noscript><img src=x data-xss onerror=${run(7)}>">`,
  `<iframe data-xss srcdoc="<script>parent.${run(8)}</script>"></iframe>`,
  `<style data-xss>*{}</style><details data-xss open ontoggle=${run(9)}>`,
];

/** Everything else: markup tricks, mutation XSS, links, bidirectional overrides and a very long word. */
export const TEXT_PAYLOADS = [
  ...NAME_PAYLOADS,
  `<img src=x data-xss onerror="window.__xss=10;${run(10)}">`,
  `<svg><script data-xss>${run(11)}</script></svg>`,
  `<iframe data-xss src="javascript:parent.${run(12)}"></iframe>`,
  `<object data-xss data="javascript:${run(13)}"></object>`,
  `<a data-xss href="jAvAsCrIpT&colon;${run(14)}">entity link</a>`,
  `<input data-xss autofocus onfocus=${run(15)}>`,
  `<style data-xss>@import 'javascript:${run(16)}';</style>`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;data-xss&Tab;onerror=${run(17)}&gt;">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src=x data-xss onerror=${run(18)}>`,
  `<svg></p><style><a id="</style><img src=1 data-xss onerror=${run(19)}>">`,
  `<p>ok</p><img src=x data-xss onerror=${run(20)}//<p>`,
  `https://example.com/"data-xss="1"onmouseover="${run(21)}"`,
  `javascript:${run(22)}`,
  `\u202Egnp.exe<img src=x data-xss onerror=${run(23)}>\u202C`,
  `\u2066\u202B</p><img src=x data-xss onerror=${run(24)}>\u2069`,
  `${'W'.repeat(700)}<img src=x data-xss onerror=${run(25)}>`,
];

/** The corpus cut into texts of at most `max` characters, each payload whole and on its own line. */
export function corpusChunks(max: number, payloads = TEXT_PAYLOADS): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const p of payloads) {
    const next = current ? `${current}\n${p}` : p;
    if (next.length <= max) current = next;
    else {
      if (current) chunks.push(current);
      current = p;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/** The whole corpus as one text; `prefix` is plain text a screen can be waited for by. */
export const corpusText = (prefix: string, max = 5000) => `${prefix}\n${corpusChunks(max - prefix.length - 1)[0]}`;

export type XssTrap = { hits: string[] };

/**
 * Catches a payload that runs, in every page and frame of the context: the exposed `__xssHit`, `window.__xss`,
 * any alert/confirm/prompt, and Content-Security-Policy violations (which is how a payload that got in shows when
 * the policy blocks it).
 */
export async function installXssTrap(context: BrowserContext): Promise<XssTrap> {
  const trap: XssTrap = { hits: [] };
  await context.exposeFunction('__xssHit', (n: unknown) =>
    trap.hits.push(typeof n === 'number' ? `payload ${n} ran` : String(n)),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __xssHit: (m: string) => void }).__xssHit(
        `CSP ${e.violatedDirective} blocked ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  context.on('page', (page) => watchDialogs(page, trap));
  for (const page of context.pages()) watchDialogs(page, trap);
  return trap;
}

function watchDialogs(page: Page, trap: XssTrap) {
  page.on('dialog', (d) => {
    trap.hits.push(`${d.type()} dialog: ${d.message()}`);
    void d.dismiss();
  });
}

/**
 * Elements the payloads would create, found anywhere in the document: anything with `data-xss` or an inline event
 * handler (React sets neither), script-like URLs, frames and objects, and scripts or styles holding payload code.
 */
export function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) => el.outerHTML.slice(0, 120);
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) {
        if (a.name === 'data-xss' || a.name.startsWith('on')) found.push(describe(el));
        else if (['href', 'src', 'action', 'formaction', 'data', 'srcdoc'].includes(a.name) && /^\s*javascript:/i.test(a.value))
          found.push(describe(el));
      }
      if (['IFRAME', 'OBJECT', 'EMBED', 'FRAME'].includes(el.tagName)) found.push(describe(el));
      if (['SCRIPT', 'STYLE'].includes(el.tagName) && el.textContent?.includes('__xssHit')) found.push(describe(el));
    }
    return [...new Set(found)];
  });
}

/** Nothing ran and nothing was injected on this page as it is now. */
export async function expectNoXss(page: Page, trap: XssTrap, where: string) {
  // Handlers run on load or on error: wait until every image and frame has loaded or failed, then one more frame.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('img, iframe, video, audio')].every((el) =>
      el instanceof HTMLImageElement ? el.complete : el instanceof HTMLMediaElement ? el.readyState > 0 || !!el.error : true,
    ),
  );
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect.soft(await injectedElements(page), `markup from a payload on ${where}`).toEqual([]);
  expect.soft(trap.hits.splice(0), `a payload ran on ${where}`).toEqual([]);
  expect.soft(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `window.__xss set on ${where}`).toBeUndefined();
}
