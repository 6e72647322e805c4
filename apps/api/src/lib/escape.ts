/**
 * Text made safe to place inside HTML, as an element's text or a quoted attribute's value: `& < > " '` become
 * numeric character references (`&#38;` …), the one form for the page (plugins/web.ts, first-paint.ts) and
 * the e-mails alike. Numeric, because the page's `<meta name="camp-config">` holds the configuration's JSON,
 * where `&#34;` is shorter than `&quot;`.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
