import { useEffect, useState } from 'react';

/** docs/product.md §2/§9: the header shrinks once the page is scrolled past 100px. */
export const HEADER_COLLAPSE_SCROLL_Y = 100;

export function isHeaderCollapsed(scrollY: number): boolean {
  return scrollY > HEADER_COLLAPSE_SCROLL_Y;
}

/**
 * Admin and report screens are work screens: their header is the compact 80px bar from the start, so their
 * data begins on the first screen of a phone instead of below a 333px banner.
 */
export function startsCollapsed(pathname: string): boolean {
  return /^\/(admin|reports)(\/|$)/.test(pathname);
}

/**
 * Whether the header is the compact bar: always on a screen that starts collapsed, else once the page is
 * scrolled far enough; updated at most once per frame.
 */
export function useHeaderCollapse(alwaysCollapsed = false): boolean {
  const [scrolled, setScrolled] = useState(() => isHeaderCollapsed(window.scrollY));
  const collapsed = alwaysCollapsed || scrolled;

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(isHeaderCollapsed(window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  return collapsed;
}
