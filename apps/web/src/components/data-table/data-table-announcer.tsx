import { useEffect, useRef, useState } from 'react';
import { ANNOUNCEMENT_CLEAR_MS } from './columns';
import classes from './data-table.module.css';

/**
 * The latest announcement and a function to make one; each announcement clears `clearAfterMs` after the last
 * one (docs/product.md §2: 2 seconds), so a screen reader is not left reading an old message.
 */
export function useAnnouncement<T>(clearAfterMs = ANNOUNCEMENT_CLEAR_MS): [T | null, (next: T) => void] {
  const [announcement, setAnnouncement] = useState<T | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const announce = (next: T) => {
    setAnnouncement(next);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setAnnouncement(null), clearAfterMs);
  };
  return [announcement, announce];
}

/** A polite live region, visually hidden, that reads out what a sort, search or page change did. */
export function DataTableAnnouncer({ text }: { text: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" role="status" className={classes.caption}>
      {text}
    </div>
  );
}
