/*
 * Admin HTML is written without knowing where it lands. These keep the page's heading outline valid (one h1,
 * no skipped levels) around it. They run on sanitizer output, where a heading tag can only be a plain
 * <hN> or <hN class="…">, so a tag-level rewrite is safe (DOMPurify's in the browser, sanitize-html's for the
 * server's first paint, decision 045).
 */
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

/** Shifts headings so the highest one becomes `top` (e.g. an admin's h1 or h3 becomes the page's h2). */
export function shiftHeadings(html: string, top: number): string {
  let highest = 7;
  for (const match of html.matchAll(HEADING_TAG)) highest = Math.min(highest, Number(match[2]));
  if (highest === 7 || highest === top) return html;
  const shift = top - highest;
  return html.replace(HEADING_TAG, (_tag, slash: string, level: string) => {
    const shifted = Math.min(6, Math.max(1, Number(level) + shift));
    return `<${slash}h${shifted}`;
  });
}

/** Turns headings into paragraphs, for short texts such as the header's camp description. */
export function flattenHeadings(html: string): string {
  return html.replace(HEADING_TAG, (_tag, slash: string) => `<${slash}p`);
}
