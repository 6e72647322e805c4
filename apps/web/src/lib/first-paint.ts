/** Long enough for the first screen's data on a slow phone; the app is shown then, settled or not. */
const SETTLE_LIMIT_MS = 4_000;

let settled: Promise<unknown> = Promise.resolve();

/**
 * Resolves once the app has taken over the server's first paint (at once without one), in a task after the
 * swap: what the first screen does not need (the toasts' container) waits for it, so it adds no work while
 * the app is taking over.
 */
export const takenOver = () => settled;

/**
 * Where the app renders. With the server's first paint in the root element (decision 045) it is a fresh
 * element, laid out but invisible, that takes the root's place once the first screen has settled (a main
 * area without a loader: components/page-loader's `data-page-loader`), so the page goes from the server's
 * screen to the same screen drawn by the app without a loader in between. Without a first paint (Vite's dev
 * server, tests) it is the root itself.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.firstChild) return root;
  let settle: (value?: unknown) => void = () => {};
  settled = new Promise((resolve) => (settle = resolve));
  const app = document.createElement('div');
  // Fixed, so it adds nothing to the page's scroll height; laid out, so the header measures itself right.
  app.style.cssText = 'position:fixed;inset:0;overflow:hidden;visibility:hidden';
  root.after(app);
  const takeOver = () => {
    observer.disconnect();
    clearTimeout(timer);
    app.style.cssText = '';
    app.id = root.id;
    root.remove();
    // autoFocus ran while the app was invisible and did not take; whatever had focus went with the root.
    app.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    setTimeout(settle);
  };
  const observer = new MutationObserver(() => {
    if (app.querySelector('main') && !app.querySelector('main [data-page-loader]')) takeOver();
  });
  observer.observe(app, { childList: true, subtree: true });
  const timer = setTimeout(takeOver, SETTLE_LIMIT_MS);
  return app;
}
