import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { createBlockingHashHistory, type BlockingHistory } from './blocking-history';

const BlockContext = createContext<BlockingHistory['block'] | null>(null);

/** The app's hash router, on a history that screens can ask to hold navigations back (`useNavigationBlocker`). */
export function BlockingHashRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBlockingHashHistory);
  return (
    <BlockContext value={history.block}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </BlockContext>
  );
}

export interface NavigationBlocker {
  /** A navigation is held back, waiting for `proceed` (make it) or `reset` (drop it). */
  blocked: boolean;
  proceed: () => void;
  reset: () => void;
}

/**
 * While `when`, every navigation (a link, a redirect, the browser's Back and Forward) is held back and `blocked`
 * turns true: the screen asks, then proceeds or resets. The shape of React Router's `useBlocker`, which exists
 * for data routers only (decision 029).
 */
export function useNavigationBlocker(when: boolean): NavigationBlocker {
  const block = useContext(BlockContext);
  if (!block) throw new Error('useNavigationBlocker must be used inside BlockingHashRouter');
  const [retry, setRetry] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!when) return;
    return block((go) => setRetry(() => go));
  }, [when, block]);

  return {
    blocked: retry !== null,
    proceed: () => {
      setRetry(null);
      retry?.();
    },
    reset: () => setRetry(null),
  };
}
