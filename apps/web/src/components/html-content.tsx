import { flattenHeadings, shiftHeadings } from '@camp/shared/rules';
import { use, useMemo } from 'react';
import { loadSanitizer } from '../lib/sanitize-html';
import classes from './html-content.module.css';

export interface HtmlContentProps {
  /** Admin-written HTML; sanitized here on every change, never inserted as given. */
  html: string;
  className?: string;
  /** Reading styles for headings, lists, links and tables; off where the surroundings style the text. */
  prose?: boolean;
  /**
   * Where the HTML's headings sit in the page outline: a level (the top heading becomes an h2, say) or
   * 'none' (headings become paragraphs). Left out, the headings stay as written.
   */
  headings?: 2 | 3 | 4 | 5 | 6 | 'none';
}

/**
 * Renders admin-written HTML (camp description, home-page blurb, terms) after DOMPurify has cleaned it.
 * Suspends until the sanitizer has loaded: put it inside a Suspense boundary.
 */
export function HtmlContent({ html, className, prose = true, headings }: HtmlContentProps) {
  const sanitize = use(loadSanitizer());
  const safeHtml = useMemo(() => {
    const clean = sanitize(html);
    if (headings === undefined) return clean;
    return headings === 'none' ? flattenHeadings(clean) : shiftHeadings(clean, headings);
  }, [sanitize, html, headings]);
  const rootClassName = [classes.root, prose ? classes.prose : undefined, className]
    .filter(Boolean)
    .join(' ');
  return <div className={rootClassName} dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}
