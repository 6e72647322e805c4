import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_PARTS, renderFirstPaintParts } from './first-paint-parts';

describe("the Mantine parts of the server's first paint (decision 045)", () => {
  it('gives every part the class names, variables and data attributes Mantine renders, without the mark', () => {
    const parts = renderFirstPaintParts();
    const names = Object.entries(FIRST_PAINT_PARTS).flatMap(([part, selectors]) =>
      selectors.map((selector) => `${part}.${selector}`),
    );
    expect(Object.keys(parts).sort()).toEqual(names.sort());
    for (const name of names) {
      expect(parts[name]).toMatch(/class="[^"]*mantine-[A-Z]\w*-\w+/);
      expect(parts[name]).not.toMatch(/camp-first-paint|href=/);
    }
    expect(parts['button.root']).toContain('mantine-Button-root');
    expect(parts['button.root']).toContain('data-size="md"');
    expect(parts['button.root']).toContain('--button-height:var(--button-height-md)');
    expect(parts['button.label']).toMatch(/^class="m_\w+ mantine-Button-label"$/);
    expect(parts['navButton.root']).toContain('data-size="sm"');
    expect(parts['submitButton.root']).toContain('data-block="true"');
    expect(parts['submitButton.root']).toContain('type="submit"');
    expect(parts['burger.root']).toContain('--burger-color:#ffffff');
    expect(parts['paper.root']).toContain('data-with-border="true"');
    expect(parts['homeStack.root']).toContain('--stack-gap:var(--mantine-spacing-lg)');
    expect(parts['title.root']).toContain('data-order="2"');
    expect(parts['text.root']).toContain('mantine-Text-root');
  });
});
