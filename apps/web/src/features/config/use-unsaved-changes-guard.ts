import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';

/**
 * Makes the router's push and replace hand each navigation to `hold` instead of going there; answers the undo.
 * The held navigation, when called, goes where it was going.
 */
function holdNavigations(navigator: Navigator, hold: (go: () => void) => void): () => void {
  const { push, replace } = navigator;
  navigator.push = (...args) => hold(() => push.apply(navigator, args));
  navigator.replace = (...args) => hold(() => replace.apply(navigator, args));
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}

export interface UnsavedChangesGuard {
  /** An in-app navigation is waiting for the person to choose: stay (keep editing) or leave (lose the edits). */
  asking: boolean;
  stay: () => void;
  leave: () => void;
}

/**
 * While `dirty`, leaving the page asks first: a reload, a closed tab or another site through the browser's
 * own `beforeunload` prompt; a link or a redirect inside the app through `asking` (the screen shows its
 * dialog). The app's router is a HashRouter, which has no `useBlocker` (data routers only), so the guard
 * holds back the router's own push and replace while there is something to lose (decision 026).
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    const release = holdNavigations(navigator, (go) => setPending(() => go));
    return () => {
      window.removeEventListener('beforeunload', warn);
      release();
    };
  }, [dirty, navigator]);

  return {
    asking: pending !== null,
    stay: () => setPending(null),
    leave: () => {
      setPending(null);
      pending?.();
    },
  };
}
