import { useEffect, useState } from 'react';

/** Spec §2/§9: the header shrinks once the page is scrolled past 100px. */
export const HEADER_COLLAPSE_SCROLL_Y = 100;

export function isHeaderCollapsed(scrollY: number): boolean {
  return scrollY > HEADER_COLLAPSE_SCROLL_Y;
}

/** Whether the page is scrolled far enough for the compact header; updated at most once per frame. */
export function useHeaderCollapse(): boolean {
  const [collapsed, setCollapsed] = useState(() => isHeaderCollapsed(window.scrollY));

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCollapsed(isHeaderCollapsed(window.scrollY));
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
