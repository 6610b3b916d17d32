// Inlined into the head of the landing page, which runs no app code (build/prerender.mjs). Before the first paint it
// marks a signed-in visitor (<html data-signed-in>), so that the page shows "Enter office" rather than "Log in"
// (src/components/by-visitor.css), and brings back the language the visitor chose when the cookie that tells the server
// is gone. A language choice is stored as the app stores it (src/lib/locale.ts), and the page reloads in it.
(() => {
  const html = document.documentElement;
  const remember = (lng) => {
    localStorage.setItem('locale', lng);
    // biome-ignore lint/suspicious/noDocumentCookie: as src/lib/locale.ts, for Safari and older Firefox
    document.cookie = `locale=${lng}; path=/; max-age=31536000; samesite=lax`;
  };
  if (localStorage.getItem('token')) {
    // The app's first guard rule (src/app/guard.tsx): an unfinished profile goes to onboarding from every page.
    if (localStorage.getItem('profileCompleted') !== 'true') location.replace('/onboarding');
    html.dataset.signedIn = '';
  }
  const stored = localStorage.getItem('locale');
  // Once only: with cookies refused the server cannot know, and the page stays in its own language.
  if ((stored === 'en' || stored === 'uk') && stored !== html.lang && !document.cookie.includes(`locale=${stored}`)) {
    remember(stored);
    location.reload();
  }
  document.addEventListener('change', (event) => {
    const input = event.target;
    if (input.name !== 'language' || input.value === html.lang) return;
    remember(input.value);
    location.reload();
  });
  html.dataset.live = '';
})();
