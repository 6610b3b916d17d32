import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { openUnsavedChangesDialog } from '../components/unsaved-changes-dialog';

/**
 * Guards a screen with unsaved changes: any in-app navigation (links, the brand link, browser back)
 * asks to leave or stay, and closing or reloading the tab triggers the browser's own prompt.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const latest = useRef(blocker);
  latest.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    return openUnsavedChangesDialog({
      onLeave: () => latest.current.proceed?.(),
      onStay: () => latest.current.reset?.(),
    });
  }, [blocker.state]);

  // Listening from mount and reading the latest render: an effect that starts listening once `dirty` turns true runs
  // after the next paint, and a tab closed in between would lose the edits without a prompt.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyNow.current) return;
      event.preventDefault();
      // Older browsers only show their prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
