import { type ComponentType, useEffect } from 'react';

/**
 * Says the page has mounted (an "app-live" event): the early-input script (early-input.js) then does again what the
 * visitor did before, and marks the page live (<html data-live>). Without that script (unit tests) it marks it here.
 */
function LiveMarker() {
  useEffect(() => {
    document.dispatchEvent(new Event('app-live'));
    if (!('keepingInput' in document.documentElement.dataset)) document.documentElement.dataset.live = '';
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
