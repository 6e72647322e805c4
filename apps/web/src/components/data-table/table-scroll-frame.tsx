import type { ReactNode } from 'react';
import classes from './data-table.module.css';

/** A table's bordered frame: a table wider than the screen scrolls sideways inside it; the page never does. */
export function TableScrollFrame({
  label,
  children,
  below,
}: {
  label: string;
  children: ReactNode;
  /** Inside the frame under the scrolling box (e.g. an empty-table message that stays in view). */
  below?: ReactNode;
}) {
  return (
    <div className={classes.frame}>
      <div
        className={classes.scrollBox}
        // Focusable so a keyboard user can scroll a table wider than the screen (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        {children}
      </div>
      {below}
    </div>
  );
}
