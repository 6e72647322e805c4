import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatDollars,
  htmlToPlainText,
  metaDescription,
  pageTitle,
} from '../index';

describe('htmlToPlainText', () => {
  it('drops tags, scripts and styles, decodes entities and folds whitespace', () => {
    expect(
      htmlToPlainText(
        '<h1>Dust &amp; Light</h1>\n<p>Shade&nbsp;for  all&#33; &#x2764;</p><script>alert(1)</script><style>p{}</style>',
      ),
    ).toBe('Dust & Light Shade for all! ❤');
  });

  it('leaves unknown entities as they are', () => {
    expect(htmlToPlainText('a &bogus; b &#99999999;')).toBe('a &bogus; b &#99999999;');
  });
});

describe('metaDescription', () => {
  it('cuts the plain text to 160 characters', () => {
    const long = `<p>${'a'.repeat(150)} <b>${'b'.repeat(30)}</b></p>`;
    const result = metaDescription(long);
    expect(result).toHaveLength(160);
    expect(result).toBe(`${'a'.repeat(150)} ${'b'.repeat(9)}`);
  });

  it('keeps a short description whole and never splits a character in two', () => {
    expect(metaDescription('<p>Short</p>')).toBe('Short');
    expect(Array.from(metaDescription('🔥'.repeat(200)))).toHaveLength(160);
  });
});

describe('formatting', () => {
  it('builds the page title of docs/product.md §2', () => {
    expect(pageTitle('Camp Lantern')).toBe('Camp Lantern - Camp Registration');
  });

  it('shows dollars with two decimals and converts cents both ways', () => {
    expect(formatDollars(125.5)).toBe('$125.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(centsToDollars(12550)).toBe(125.5);
    expect(dollarsToCents(125.5)).toBe(12550);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.015)).toBe(2);
  });
});
