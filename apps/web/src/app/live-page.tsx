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

/** A route's screen followed by its marker, inside the screen's chunk: the marker mounts with the screen, not before. */
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
