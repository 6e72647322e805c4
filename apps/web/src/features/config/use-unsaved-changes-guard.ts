import { useEffect } from 'react';
import { useNavigationBlocker } from '../../lib/blocking-router';

export interface UnsavedChangesGuard {
  /** A navigation is waiting for the person to choose: stay (keep editing) or leave (lose the edits). */
  asking: boolean;
  stay: () => void;
  leave: () => void;
}

/**
 * While `dirty`, leaving the page asks first: a reload, a closed tab or another site through the browser's own
 * `beforeunload` prompt; a link, a redirect or the browser's Back and Forward buttons inside the app through
 * `asking` (the screen shows its dialog), held back by the app's router until Leave (decision 029).
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const blocker = useNavigationBlocker(dirty);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { asking: blocker.blocked, stay: blocker.reset, leave: blocker.proceed };
}
