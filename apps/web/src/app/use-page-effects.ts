import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Sets the route's title and scrolls to the top, or smoothly to the hash anchor. */
export function usePageEffects(titleKey: string) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();

  useEffect(() => {
    const title = t(titleKey);
    document.title = title && title !== titleKey ? `${title} · Rozmova` : 'Rozmova';
  }, [t, titleKey]);

  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    // The target may render a moment later (lazy pages), so try for a short while.
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el || ++tries > 20) {
        window.clearInterval(timer);
        el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
}
