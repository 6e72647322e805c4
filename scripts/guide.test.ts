// The admin's guide and its pictures stay in step without a browser: every picture docs/guide.md shows is in
// docs/guide/, and every picture there is shown (they are made by `npm run docs:screenshots`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const docs = path.join(import.meta.dirname, '..', 'docs');
const guide = readFileSync(path.join(docs, 'guide.md'), 'utf8');
const linked = [...guide.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');

describe('docs/guide.md', () => {
  it('shows pictures from docs/guide/ only, and each of them exists', () => {
    expect(linked.length).toBeGreaterThan(0);
    for (const link of linked) {
      expect(link).toMatch(/^guide\/[\w-]+\.png$/);
      expect(existsSync(path.join(docs, link)), `${link} exists`).toBe(true);
    }
  });

  it('shows every picture in docs/guide/, once', () => {
    const pictures = readdirSync(path.join(docs, 'guide')).filter((name) => name.endsWith('.png'));
    expect([...linked].sort()).toEqual(pictures.map((name) => `guide/${name}`).sort());
  });

  it('keeps each picture small (the window, not the whole page)', () => {
    for (const link of linked) expect(statSync(path.join(docs, link)).size, link).toBeLessThan(200_000);
  });

  it('names the command that makes the pictures', () => {
    expect(guide).toContain('`npm run docs:screenshots`');
  });
});
