import { UNSAFE_createHashHistory, type HistoryRouterProps } from 'react-router';

type History = HistoryRouterProps['history'];
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** Told of a navigation that was stopped; calling `retry` makes it after all. */
export type Blocker = (retry: () => void) => void;

export interface BlockingHistory extends History {
  /**
   * Until the returned function is called, every navigation is stopped and handed to `blocker`: a link or a
   * redirect (push, replace) and the browser's Back and Forward buttons alike. The newest blocker is asked.
   */
  block(blocker: Blocker): () => void;
}

/**
 * React Router's hash history (the one `HashRouter` makes) that can hold a navigation back: what a data router's
 * `useBlocker` does, for the declarative router the bundle budget asks for (decision 029). Back and Forward have
 * already moved the address when the history hears of them; a stopped one is undone by going the other way
 * (React Router numbers its entries, so it knows how far), and that undoing is not passed on to the router.
 */
export function createBlockingHashHistory(): BlockingHistory {
  const history = UNSAFE_createHashHistory({ v5Compat: true });
  const blockers: Blocker[] = [];
  // The pop that undoes a stopped Back or Forward: swallowed, the router never moved.
  let undoing = false;
  // The pop that a retried Back or Forward makes: let through.
  let retrying = false;

  const blocker = () => blockers[blockers.length - 1];

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state) {
      const stop = blocker();
      if (stop) stop(() => history.push(to, state));
      else history.push(to, state);
    },
    replace(to, state) {
      const stop = blocker();
      if (stop) stop(() => history.replace(to, state));
      else history.replace(to, state);
    },
    listen(listener) {
      return history.listen((update: Update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            return;
          }
          const stop = blocker();
          // delta is null for an entry React Router did not make (an address typed by hand): it cannot be
          // undone, so it goes through, as with a data router.
          if (stop && !retrying && update.delta) {
            const delta = update.delta;
            undoing = true;
            history.go(-delta);
            stop(() => {
              retrying = true;
              history.go(delta);
            });
            return;
          }
          retrying = false;
        }
        listener(update);
      });
    },
    block(stop) {
      blockers.push(stop);
      return () => {
        const at = blockers.indexOf(stop);
        if (at >= 0) blockers.splice(at, 1);
      };
    },
  };
}
