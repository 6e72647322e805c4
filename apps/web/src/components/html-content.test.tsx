// @vitest-environment jsdom
// happy-dom's DOM is not faithful enough for DOMPurify (it leaves <script> and onerror in place there), so the
// sanitizer is tested on jsdom, which behaves like a browser here.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, textOnlySanitizer } from '../lib/sanitize-html';
import { HtmlContent } from './html-content';

/** Renders and waits for the sanitized output; every sample starts with the text 'Marker'. */
async function renderHtml(html: string): Promise<HTMLElement> {
  const { container } = render(
    <Suspense fallback={<p>waiting</p>}>
      <HtmlContent html={html} />
    </Suspense>,
  );
  await screen.findByText(/^Marker/);
  return container;
}

// The first import of DOMPurify is transformed on demand and can take longer than a findBy wait.
beforeAll(() => loadSanitizer());

describe('HtmlContent', () => {
  it('strips <script> elements', async () => {
    const container = await renderHtml('<p>Marker</p><script>window.hacked = true</script>');
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('hacked');
  });

  it('strips event handler attributes such as <img onerror>', async () => {
    const container = await renderHtml(
      '<span>Marker</span><img src="https://example.org/a.png" onerror="alert(1)" alt="Camp">',
    );
    const image = container.querySelector('img');
    expect(image).not.toBeNull();
    expect(image).not.toHaveAttribute('onerror');
    expect(image).toHaveAttribute('alt', 'Camp');
    expect(container.innerHTML).not.toContain('alert(1)');
  });

  it('removes javascript: links, iframes, styles and forms but keeps formatting', async () => {
    const container = await renderHtml(
      '<h2>Marker: welcome</h2><p><strong>Bold</strong> <em>text</em></p>' +
        '<a href="javascript:alert(1)">bad</a><iframe title="x"></iframe>' +
        '<style>body{display:none}</style><form><input name="password"></form>',
    );
    expect(screen.getByRole('heading', { name: 'Marker: welcome' })).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('Bold');
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    expect(container.querySelector('iframe, style, form, input')).toBeNull();
  });

  it('gives links rel="noopener noreferrer" and keeps only target="_blank"', async () => {
    const container = await renderHtml(
      '<p>Marker <a href="https://example.org" target="_blank">new tab</a>' +
        '<a href="#/registration" target="_top">same tab</a></p>',
    );
    const [external, internal] = Array.from(container.querySelectorAll('a'));
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAttribute('target', '_blank');
    expect(internal).toHaveAttribute('rel', 'noopener noreferrer');
    expect(internal).not.toHaveAttribute('target');
    expect(internal).toHaveAttribute('href', '#/registration');
  });

  it('makes tables keyboard-reachable, since a wide one scrolls inside its own box', async () => {
    const container = await renderHtml('<p>Marker</p><table><tr><td>Monday</td></tr></table>');
    expect(container.querySelector('table')).toHaveAttribute('tabindex', '0');
  });

  it('falls back to escaped plain text if the sanitizer cannot load', () => {
    expect(textOnlySanitizer('<p>Hi <img src=x onerror=alert(1)> &amp; bye</p>')).toBe('Hi &amp; bye');
  });
});
