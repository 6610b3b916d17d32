// Matchers that say what a person sees of an element (visible, its text, disabled…), not merely that it exists.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { applyTexts } from '../lib/i18n';
import { clearSession } from '../lib/session';
import en from '../lib/texts/en';
import enApp from '../lib/texts/en-app';

// Run before every test file (vite.config.ts): the files share a worker's modules, so hooks registered when a module
// is first imported would serve only the first file that imports it.

// Vitest runs without globals, so Testing Library cannot register these itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// happy-dom has no document.fonts, which Mantine's autosized textareas listen to.
if (typeof document !== 'undefined' && !document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}
// findBy* and waitFor give up after 1 s by default, which a busy machine (an e2e run beside) can overrun.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  // A file that runs in Node (`@vitest-environment node`) has no page to clean.
  if (typeof document === 'undefined') return;
  cleanup();
  // The toasts' store lives beside React, so a test's toasts would show up in the next test.
  notifications.clean();
  // So does the session read from storage: the next test starts signed out, with nothing stored.
  clearSession();
  localStorage.clear();
});
beforeAll(() => applyTexts('en', [en, enApp]));
