import { useEffect, useState } from 'react';

/**
 * Mantine's Modal gives focus back to what had it when it opened, which fails when that was a menu item gone since,
 * or when the modal mounts already open (a lazy dialog's first use, a link that opens it). This keeps the opener
 * and focuses it again once the dialog closes. The returned object stays the same across renders.
 */
export function useOpener() {
  const [opener] = useState(() => {
    let element: HTMLElement | null = null;
    return {
      /** Remembers `target`, or else whatever has focus now. */
      keep(target?: HTMLElement | null) {
        element = target ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
      },
      giveBack() {
        const target = element;
        element = null;
        if (target?.isConnected) target.focus({ preventScroll: true });
      },
    };
  });
  return opener;
}

/**
 * For a dialog that mounts already open and unmounts as it closes, where Mantine records no opener: what had focus
 * as it mounted gets it back once it is gone, unless focus has gone somewhere else meanwhile.
 */
export function useFocusBackOnUnmount() {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    },
    [opener],
  );
}
