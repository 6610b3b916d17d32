import { describe, expect, it } from 'vitest';
import { loadOverlays, overlaysMounted } from './overlays-loader';

const settled = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

describe('loadOverlays', () => {
  it('resolves once a host listens, and after that host goes waits for the next one', async () => {
    const asked = loadOverlays();
    expect(await settled(asked)).toBe(false);
    const gone = overlaysMounted();
    expect(await settled(asked)).toBe(true);
    // The sign-in card's host unmounts when the app takes the page over: a modal asked for now must wait for the app's.
    gone();
    const later = loadOverlays();
    expect(await settled(later)).toBe(false);
    overlaysMounted();
    expect(await settled(later)).toBe(true);
  });
});
