import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * What a phone user would see as broken, measured in the page: the page scrolling sideways, anything sticking out of
 * the screen, a control or badge whose text is cut, controls and text lying over each other, a toast over the header's
 * controls, an input whose placeholder does not fit. Returns one line per problem.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).placeholder || '').trim();
      return `<${el.tagName.toLowerCase()}> "${text.replace(/\s+/g, ' ').slice(0, 60)}"`;
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return false;
      }
      return true;
    };
    /** Inside something that scrolls or clips on purpose (a table's scroll area, a visually hidden label). */
    const insideClip = (el: Element) => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.clipPath !== 'none' || s.clip !== 'auto') return true;
      }
      return false;
    };

    if (root.scrollWidth > width + 1)
      problems.push(`the page scrolls sideways: ${root.scrollWidth}px wide on a ${width}px screen`);

    const all = [...document.body.querySelectorAll('*')].filter(shown);
    for (const el of all) {
      const r = el.getBoundingClientRect();
      if ((r.right > width + 1 || r.left < -1) && !insideClip(el))
        problems.push(`${name(el)} sticks out of the screen (${Math.round(r.left)}…${Math.round(r.right)}px)`);
    }

    const controlSelector =
      'button, a, [role=button], [role=tab], [role=radio], label, .mantine-Badge-root, .mantine-SegmentedControl-label, .mantine-InputPlaceholder-placeholder';
    const controls = all.filter((el) => el.matches(controlSelector));
    for (const el of controls) {
      for (const part of [el, ...el.querySelectorAll('*')]) {
        const s = getComputedStyle(part);
        // Text for screen readers only (clipped to nothing on purpose) is not cut off.
        if (part !== el && (s.clip !== 'auto' || s.clipPath !== 'none')) continue;
        if (s.overflowX !== 'visible' && part.scrollWidth > part.clientWidth + 1 && part.clientWidth > 0) {
          problems.push(`${name(el)} is cut off (${part.scrollWidth}px of text in ${part.clientWidth}px)`);
          break;
        }
      }
    }

    // Placeholders are not in the layout, so measure them with the input's own font.
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of all.filter(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement && !!el.placeholder && !el.value,
    )) {
      if (!canvas) break;
      const s = getComputedStyle(input);
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
      const needed = canvas.measureText(input.placeholder).width;
      if (needed > room + 1)
        problems.push(`${name(input)}: the placeholder is cut off (${Math.round(needed)}px in ${Math.round(room)}px)`);
    }

    // Controls and text lying over each other, compared within one layer: the page, the header, a dialog, a dropdown,
    // the phone's footer bar (the page scrolls under it as under the header; underFloatingButton checks what it hides).
    const layer = (el: Element) =>
      el.closest('[data-portal], header, .mantine-Affix-root, .mantine-AppShell-footer') ?? document.body;
    const texts = all.filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''),
    );
    const boxes = [...new Set([...controls, ...texts])].filter((el) => !insideClip(el));
    const rects = boxes.map((el) => el.getBoundingClientRect());
    const layers = boxes.map(layer);
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (layers[i] !== layers[j] || a.contains(b) || b.contains(a) || !overlap(rects[i], rects[j])) continue;
        // A control's own label (a radio and its text) and an input's own sections (a clear button) belong to it.
        if (a.closest('label')?.contains(b) || b.closest('label')?.contains(a)) continue;
        const input = a.closest('.mantine-Input-wrapper');
        if (input?.contains(b)) continue;
        problems.push(`${name(a)} and ${name(b)} overlap`);
      }
    }

    // Toasts must leave the header's controls free.
    const header = document.querySelector('header');
    const headerControls = header ? [...header.querySelectorAll('button, a, [role=radio], label')].filter(shown) : [];
    for (const toast of document.querySelectorAll('.mantine-Notification-root')) {
      const t = toast.getBoundingClientRect();
      for (const control of headerControls)
        if (overlap(t, control.getBoundingClientRect())) problems.push(`a toast covers the header's ${name(control)}`);
    }
    return [...new Set(problems)];
  });
}

/**
 * Page controls the psychologist's floating "+" lies over, at any point while the page scrolls from top to bottom
 * (none where there is no such button). Docked in the phone's footer bar, the bar hides what scrolls under it as the
 * header does, so there only the end of the page must have cleared it.
 */
export function underFloatingButton(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // The menu's button, floating (Affix) or in the shell's footer bar; other fixed parts (a call's controls) are not it.
    const button = document.querySelector(
      '.mantine-Affix-root [aria-haspopup=menu], .mantine-AppShell-footer [aria-haspopup=menu]',
    );
    if (!button) return [];
    const bar = button.closest('.mantine-AppShell-footer');
    const cover = bar ?? button;
    const controls = [
      ...document.querySelectorAll(
        'main :is(button, a, input, textarea, select, label, [role=button], [role=tab], [role=radio], [role=checkbox])',
      ),
    ].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width >= 2 && r.height >= 2 && getComputedStyle(el).visibility !== 'hidden';
    });
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
    const problems = new Set<string>();
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; ; y = Math.min(y + window.innerHeight / 3, end)) {
      window.scrollTo(0, y);
      await new Promise(requestAnimationFrame);
      if (!bar || y >= end) {
        const c = cover.getBoundingClientRect();
        for (const el of controls)
          if (overlap(el.getBoundingClientRect(), c))
            problems.add(
              `the floating button covers <${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60)}" at ${Math.round(y)}px`,
            );
      }
      if (y >= end) break;
    }
    window.scrollTo(0, 0);
    return [...problems];
  });
}

// The axe-core that @axe-core/playwright (the declared devDependency) runs.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core violations on the page as it is now, one line each. axe is put into the page once and
 * kept while the app navigates inside it (@axe-core/playwright would inject it again for every scan).
 */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    // Only violations are wanted: skipping the details of passing checks makes a scan several times faster.
    // With the experimental check that a control's name holds its visible text (WCAG 2.5.3), for voice control.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.impact} ${v.id}: ${v.help} — ${v.targets.slice(0, 4).join(', ')}`);
}
