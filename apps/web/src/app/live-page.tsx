import { type ComponentType, useEffect } from 'react';

/**
 * Marks the page live once its own component has mounted: <html data-live>, and an "app-live" event on which the
 * pre-rendered page's early-input script (early-input.js) does again what the visitor did before.
 */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
    document.dispatchEvent(new Event('app-live'));
  }, []);
  return null;
}

/**
 * A route's screen followed by its marker. A lazy screen must be wrapped inside its chunk's promise: the marker then
 * cannot mount before the screen, which a sibling of a suspended screen may (Preact mounts siblings meanwhile).
 */
export function livePage(Page: ComponentType): ComponentType {
  return function LivePage() {
    return (
      <>
        <Page />
        <LiveMarker />
      </>
    );
  };
}
