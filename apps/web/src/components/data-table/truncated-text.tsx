import '@mantine/core/styles/Tooltip.css';
import { Tooltip } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './data-table.module.css';

/**
 * A cell kept on one line and cut with an ellipsis rather than broken mid-word (an e-mail, a name). When the
 * text is cut, the whole value shows in a tooltip on hover and on keyboard focus (the cut text then takes a
 * place in the Tab order); a text that fits is plain text and no tab stop. Screen readers read the whole text
 * either way: only its drawing is cut.
 */
export function TruncatedText({
  value,
  maxWidth,
  children,
}: {
  /** The whole text, for the tooltip. */
  value: string;
  /** A CSS length: the widest the text may be drawn. */
  maxWidth: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The cell's own text, or a line inside it (a name above a playa name), may be the one cut.
    const measure = () =>
      setCut(
        [element, ...element.querySelectorAll<HTMLElement>('*')].some(
          (part) => part.scrollWidth > part.clientWidth + 1,
        ),
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [value]);
  return (
    <Tooltip
      label={value}
      disabled={!cut}
      events={{ hover: true, focus: true, touch: false }}
      multiline
      maw={420}
    >
      <span
        ref={ref}
        className={classes.truncated}
        style={{ maxWidth }}
        tabIndex={cut ? 0 : undefined}
        data-cut={cut || undefined}
      >
        {children}
      </span>
    </Tooltip>
  );
}
