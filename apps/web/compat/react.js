// `react` for the build (vite.config.ts aliases it here): Preact's compatibility layer, plus the two React 19 APIs
// our dependencies call that it lacks or only half has.
import * as compat from 'preact/compat';
import { createElement } from 'preact/compat';

export * from 'preact/compat';

/** Mantine's Tabs keep inactive panels mounted in an <Activity>: here they are only hidden, as React shows them. */
export function Activity({ mode, children }) {
  return createElement('div', { style: mode === 'hidden' ? 'display:none' : 'display:contents' }, children);
}

/** React's `use` reads a context or a promise; the pre-renderer's Preact reads only promises with it. */
export const use = import.meta.env.SSR
  ? (value) => (value && typeof value.then === 'function' ? compat.use(value) : compat.useContext(value))
  : compat.use;

export default { ...compat, Activity, use };
