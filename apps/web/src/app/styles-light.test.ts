// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const read = (request: string) => readFileSync(require.resolve(request), 'utf8');
const sheet = (name: string) => read(`@mantine/core/styles/${name}.css`);
const complete = read('@mantine/core/styles.css');
const light = readFileSync(new URL('./styles-light.ts', import.meta.url), 'utf8');
const components = [...light.matchAll(/@mantine\/core\/styles\/([A-Z]\w+)\.css/g)].map(([, name]) => name);

// A component's sheet before the sheet of a part it is built from loses to it: Button under UnstyledButton paints a
// pre-rendered page's buttons transparent until the complete sheets arrive.
describe('the entry style sheets', () => {
  it('come in the order of the complete Mantine sheet', () => {
    const positions = components.map((name) => {
      const firstRule = /^\.m_[0-9a-f]+/m.exec(sheet(name))?.[0] ?? '';
      return { name, at: complete.search(new RegExp(`^\\${firstRule}\\b`, 'm')) };
    });
    expect(positions.every((p) => p.at > 0)).toBe(true);
    const sorted = [...positions].sort((a, b) => a.at - b.at).map((p) => p.name);
    expect(components).toEqual(sorted);
  });
});
