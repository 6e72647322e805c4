import type { PublicConfig } from '@camp/shared/config';
import { VisuallyHidden } from '@mantine/core';
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HtmlContent } from '../../components/html-content';
import { paths } from '../../lib/paths';
import type { NavItem } from './nav-items';
import classes from './site-header.module.css';
import { SiteNav } from './site-nav';
import { useHeaderCollapse } from './use-header-collapse';

export const DEFAULT_BANNER_URL = `${import.meta.env.BASE_URL}default-banner.svg`;
export const DEFAULT_ICON_URL = `${import.meta.env.BASE_URL}default-icon.svg`;

/** The admin's image, or the default one when none is set or it fails to load. */
function useImageWithFallback(url: string | null, fallback: string): [string, () => void] {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url !== null && url.trim() !== '' && url !== failedUrl;
  return [usable ? url : fallback, () => setFailedUrl(url)];
}

export interface SiteHeaderProps {
  config: PublicConfig;
  /** While the configuration is on its way: no name or pictures yet, so the default ones do not flash. */
  loading: boolean;
  /** The name is known while loading (the server wrote it into the page): shown instead of a placeholder. */
  nameKnown?: boolean;
  navItems: NavItem[];
  onSignOut?: () => void;
  /** The compact bar from the start, whatever the scrolling (admin and report screens). */
  compact?: boolean;
}

/**
 * The camp header of docs/product.md §2: banner, icon, name and description, with the main navigation. It is fixed at
 * the top; past 100px of scrolling it collapses to an 80px bar. A spacer of the expanded height keeps the page
 * from jumping (and from un-collapsing again on short pages) when it does. A compact screen (admin, reports)
 * has the bar from the start and a spacer of its height.
 */
export function SiteHeader({
  config,
  loading,
  nameKnown = !loading,
  navItems,
  onSignOut,
  compact = false,
}: SiteHeaderProps) {
  const collapsed = useHeaderCollapse(compact);
  const [bannerSrc, onBannerError] = useImageWithFallback(config.campBannerUrl, DEFAULT_BANNER_URL);
  const [iconSrc, onIconError] = useImageWithFallback(config.campIconUrl, DEFAULT_ICON_URL);
  const innerRef = useRef<HTMLDivElement>(null);
  const [contentHeight, setContentHeight] = useState(0);

  // Measure only while expanded: the collapsed bar hides the description, so its height says nothing.
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!inner || collapsed) return;
    const measure = () => setContentHeight(inner.offsetHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [collapsed]);

  const bannerAlt = config.campBannerAltText?.trim() || config.campName;
  const hasDescription = config.campDescription.trim() !== '';

  return (
    <>
      <header className={classes.header} data-collapsed={collapsed ? 'true' : 'false'}>
        <div className={classes.banner}>
          {!loading && (
            <img className={classes.bannerImage} src={bannerSrc} alt={bannerAlt} onError={onBannerError} />
          )}
        </div>
        <div className={classes.inner} ref={innerRef}>
          <div className={classes.bar}>
            <h1 className={classes.title}>
              <Link to={paths.home()} className={classes.brand}>
                {loading ? (
                  <span className={classes.iconPlaceholder} />
                ) : (
                  <img
                    className={classes.icon}
                    src={iconSrc}
                    alt={config.campIconAltText?.trim() ?? ''}
                    onError={onIconError}
                  />
                )}
                {!nameKnown ? (
                  // A bar where the name will be; the heading still has a name for screen readers.
                  <span className={classes.namePlaceholder}>
                    <VisuallyHidden>{config.campName}</VisuallyHidden>
                  </span>
                ) : (
                  <span className={classes.name}>{config.campName}</span>
                )}
              </Link>
            </h1>
            <SiteNav items={navItems} onSignOut={onSignOut} />
          </div>
          {!loading && hasDescription && (
            <Suspense fallback={null}>
              <HtmlContent
                html={config.campDescription}
                prose={false}
                headings="none"
                className={classes.description}
              />
            </Suspense>
          )}
        </div>
      </header>
      <div
        className={classes.spacer}
        aria-hidden="true"
        style={{
          height: compact
            ? 'var(--header-collapsed-height)'
            : `max(var(--header-expanded-min-height), ${contentHeight}px)`,
        }}
      />
    </>
  );
}
