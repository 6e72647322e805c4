/**
 * Characters that show nothing: white space, and the invisible ones (zero-width space and joiners, word
 * joiner, byte-order mark, soft hyphen, left-to-right and right-to-left marks, the bidi controls, Hangul
 * fillers, variation selectors: Unicode's default-ignorable and format characters), and controls.
 */
const SHOWS_NOTHING = /^[\s\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]*$/u;

/** Whether a text shows nothing at all on screen (empty, blank, or made only of invisible characters). */
export function showsNothing(value: string | null | undefined): boolean {
  return !value || SHOWS_NOTHING.test(value);
}

/** Named entities that camp descriptions commonly hold; numeric ones are decoded generally. */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

/**
 * Plain text of an HTML fragment: tags dropped (block ends become spaces), the contents of script and style
 * elements removed, entities decoded, whitespace collapsed. Used for the meta description.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#x') || entity.startsWith('#X')) {
        return safeCodePoint(Number.parseInt(entity.slice(2), 16)) ?? whole;
      }
      if (entity.startsWith('#')) return safeCodePoint(Number.parseInt(entity.slice(1), 10)) ?? whole;
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

export const META_DESCRIPTION_MAX = 160;

/** The meta description of docs/product.md §2: plain-text camp description cut to 160 characters. */
export function metaDescription(descriptionHtml: string): string {
  return Array.from(htmlToPlainText(descriptionHtml)).slice(0, META_DESCRIPTION_MAX).join('');
}

/** The document title of docs/product.md §2. */
export function pageTitle(campName: string): string {
  return `${campName} - Camp Registration`;
}

/** Integer cents to decimal dollars for JSON (docs/architecture.md §5). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Decimal dollars to integer cents (x100, rounded: docs/product.md §5 Payment). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The message of an error body as one line of text (lists joined). */
export function errorMessageText(message: string | string[]): string {
  return Array.isArray(message) ? message.join(', ') : message;
}

/** A count with its noun: plural(1, 'job uses', 'jobs use') → '1 job uses'; plural(3, …) → '3 jobs use'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
