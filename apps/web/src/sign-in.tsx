import { LOCALES, type Locale } from '@rozmova/contract/constants';
import { hydrateRoot, type Root } from 'react-dom/client';
import { firstLoadEnv, loadTextOf } from './features/auth/first-load-env';
import { SIGN_IN_SCREENS, SignInCard } from './sign-in-card';

/**
 * The entry of the pre-rendered sign-in pages (build/prerender.mjs): it takes over only the sign-in card
 * (`[data-sign-in]`, features/auth/app-sign-in.tsx) with React, Mantine and the screen, and none of the app's router,
 * i18next, query cache or other screens, so the page works after a small download. Past sign-in (or any link off
 * these pages) the app starts in the same page (start-app.tsx), and so it does for a language switch; the header stays
 * the pre-rendered HTML meanwhile, its links plain links.
 */
const html = document.documentElement;
const container = document.getElementById('root') as HTMLElement;
const card = container.querySelector<HTMLElement>('[data-sign-in]');
let root: Root | undefined;
let leaving = false;

/** Hands the page over to the app: a signed-in visitor, another language, a link off these pages. */
function startTheApp() {
  if (leaving) return;
  leaving = true;
  void import('./start-app').then(({ startApp }) => startApp(() => root?.unmount()));
}

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The server sends pages in the language of this cookie (as src/lib/locale.ts keeps it). */
function cookieLanguage(lng: Locale) {
  if (document.cookie.includes(`locale=${lng}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: as src/lib/locale.ts, for Safari and older Firefox
  document.cookie = `locale=${lng}; path=/; max-age=31536000; samesite=lax`;
}

function rememberLanguage(lng: Locale) {
  localStorage.setItem('locale', lng);
  cookieLanguage(lng);
}

/**
 * The language to take the page over in: the page's, when it was pre-rendered for this address (`<address>|<language>`)
 * in the language the visitor chose, for a visitor not signed in. Otherwise the app renders the page afresh.
 */
function shownHere(): Locale | null {
  const [address, lng] = (container.dataset.prerendered ?? '').split('|');
  if (!card || !isLocale(lng) || localStorage.getItem('token')) return null;
  const stored = localStorage.getItem('locale');
  if (isLocale(stored) && stored !== lng) return null;
  const from = new URL(address, window.location.origin);
  const query = new URLSearchParams(window.location.search);
  // A page pre-rendered from an address with a query (a magic link's token) shows that state only with one.
  const same = from.pathname === window.location.pathname && [...from.searchParams.keys()].every((k) => query.has(k));
  return same ? lng : null;
}

async function takeOver(lng: Locale) {
  const t = await loadTextOf(lng);
  cookieLanguage(lng);
  const store = firstLoadEnv(t, lng, Object.keys(SIGN_IN_SCREENS), startTheApp);
  root = hydrateRoot(card as HTMLElement, <SignInCard store={store} />, {
    // A mismatch makes React render the card afresh, a flash the visitor sees: the e2e suite fails on this message.
    onRecoverableError: (error) => console.error('Hydration mismatch:', error),
  });
}

// The header's language switch (pre-rendered, not taken over): the app renders the page afresh in the other language.
document.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  if (input.name !== 'language' || !isLocale(input.value) || input.value === html.lang || !root) return;
  rememberLanguage(input.value);
  startTheApp();
});

const shown = shownHere();
if (shown) void takeOver(shown);
else startTheApp();
