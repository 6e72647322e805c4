import { describe, expect, it } from 'vitest';
import { flattenHeadings, shiftHeadings } from './html-headings';

describe('shiftHeadings', () => {
  it('moves the highest heading to the given level and the others with it', () => {
    expect(shiftHeadings('<h1>A</h1><p>x</p><h2 class="c">B</h2>', 2)).toBe(
      '<h2>A</h2><p>x</p><h3 class="c">B</h3>',
    );
    expect(shiftHeadings('<h3>A</h3><h4>B</h4>', 2)).toBe('<h2>A</h2><h3>B</h3>');
  });

  it('leaves HTML alone that already starts at the level or has no headings', () => {
    expect(shiftHeadings('<h2>A</h2><h3>B</h3>', 2)).toBe('<h2>A</h2><h3>B</h3>');
    expect(shiftHeadings('<p>hr and header are not headings</p><hr>', 2)).toBe(
      '<p>hr and header are not headings</p><hr>',
    );
  });

  it('never goes below h6', () => {
    expect(shiftHeadings('<h1>A</h1><h6>B</h6>', 2)).toBe('<h2>A</h2><h6>B</h6>');
  });
});

describe('flattenHeadings', () => {
  it('turns headings into paragraphs', () => {
    expect(flattenHeadings('<h3>Hi</h3><p>there</p>')).toBe('<p>Hi</p><p>there</p>');
  });
});
