import type { MouseEvent } from 'react';
import { useSignIn } from './sign-in-env';

/**
 * A plain link's click, followed without a page load (the app's router, or the sign-in entry's history); a click
 * asking for a new tab or window is left to the browser.
 */
export function useFollow() {
  const { navigate } = useSignIn();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute('href') ?? '/');
  };
}
