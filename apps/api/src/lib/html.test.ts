import { describe, expect, it } from 'vitest';
import { sanitizeAdminHtml } from './html';

describe('sanitizeAdminHtml', () => {
  it('keeps the allowed markup exactly as written', () => {
    const html =
      '<h2>Welcome</h2><h3>When</h3><p>Some <strong>bold</strong>, <em>slanted</em> and ' +
      '<a href="https://example.org/camp" title="Camp">a link</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><p>1 &lt; 2 &amp; 3 &gt; 2</p>' +
      '<blockquote>Quote</blockquote><table><tbody><tr><th colspan="2">H</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<p><img src="https://example.org/a.png" alt="A tent" /><br />Line</p>';
    expect(sanitizeAdminHtml(html)).toBe(html);
    expect(sanitizeAdminHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops class and id (admin HTML cannot borrow the app’s styles or anchors), and style', () => {
    expect(sanitizeAdminHtml('<p class="mantine-Button-root" id="root">Hi</p>')).toBe('<p>Hi</p>');
    expect(
      sanitizeAdminHtml('<a href="https://example.org" class="x" id="y" style="position:fixed">go</a>'),
    ).toBe('<a href="https://example.org">go</a>');
    expect(sanitizeAdminHtml('<div class="a"><span class="b" id="c">t</span></div>')).toBe(
      '<div><span>t</span></div>',
    );
  });

  it('still removes scripts, handlers and javascript: links', () => {
    expect(
      sanitizeAdminHtml(
        '<p onclick="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">go</a>' +
          '<img src="x" onerror="alert(3)">',
      ),
    ).toBe('<p>Hi</p><a>go</a><img src="x" />');
  });

  it('drops a closed <style>, <script> or <title> with its content', () => {
    expect(sanitizeAdminHtml('<p>a</p><style>p { display: none }</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><SCRIPT>alert("<p>x</p>")</SCRIPT><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<title>T</title><p>b</p>')).toBe('<p>b</p>');
  });

  it('keeps what follows an unclosed <style> or <script>, dropping only the text right after it', () => {
    expect(sanitizeAdminHtml('<p>a</p><style>x{}<p>b</p><p>c</p>')).toBe('<p>a</p><p>b</p><p>c</p>');
    expect(sanitizeAdminHtml('<p>a</p><Style type="text/css">x{}<p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><script>alert(1)<p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><textarea>t<p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><style>')).toBe('<p>a</p>');
    // Closed by a later </style>, as a browser reads it: all up to there is the style's text.
    expect(sanitizeAdminHtml('<style>a<p>b</p><style>c</style><p>d</p>')).toBe('<p>d</p>');
  });

  it('drops <math>, <svg>, <template> and <noscript> with their content when closed', () => {
    expect(sanitizeAdminHtml('<p>a</p><math><mi>x</mi><mo>=</mo></math><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<svg><text>hidden</text><a href="https://x.example">l</a></svg><p>b</p>')).toBe(
      '<p>b</p>',
    );
    expect(sanitizeAdminHtml('<template><p>t</p></template><noscript><p>n</p></noscript><p>b</p>')).toBe(
      '<p>b</p>',
    );
    expect(sanitizeAdminHtml('<p>a</p><svg/><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });

  it('keeps what follows an unclosed <math>, <svg>, <template> or <noscript>, sanitized', () => {
    expect(sanitizeAdminHtml('<p>a</p><math><mi>x</mi><p>b</p>')).toBe('<p>a</p>x<p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><svg><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><template><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<p>a</p><noscript><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeAdminHtml('<svg><svg></svg><p>b</p>')).toBe('<p>b</p>');
  });

  it('lets no nested trick through', () => {
    for (const html of [
      '<svg><style><img src=x onerror=alert(1)>',
      '<svg><style><img src=x onerror=alert(1)></style></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<math><mtext><table><mglyph><style><!--</style><img src=x onerror=alert(1)>',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<template><style></template><img src=x onerror=alert(1)></style>',
      '<style><style/><img src=x onerror=alert(1)>',
      '<!-- <style> --><img src=x onerror=alert(1)>',
      '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>',
      '<a href="java&#x09;script:alert(1)">x</a><a href=" javascript:alert(1)">y</a>',
    ]) {
      const clean = sanitizeAdminHtml(html);
      expect(clean, html).not.toMatch(/onerror|<script|<style|<svg|<math|<iframe|javascript:|srcdoc/i);
      // What comes out is stable: sanitizing it again changes nothing.
      expect(sanitizeAdminHtml(clean), html).toBe(clean);
    }
  });

  it('keeps text around stray markup and odd case, index for index', () => {
    expect(sanitizeAdminHtml('<p>İstanbul ẞ</p><STYLE>x<p>b</p>')).toBe('<p>İstanbul ẞ</p><p>b</p>');
    expect(sanitizeAdminHtml('<p title="a>b<style>">t</p><p>c</p>')).toBe('<p>t</p><p>c</p>');
  });

  it('stays fast on many unclosed elements', () => {
    const html = '<style>x<p>y</p><svg>'.repeat(20_000);
    const started = performance.now();
    const clean = sanitizeAdminHtml(html);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(clean).toBe('<p>y</p>'.repeat(20_000));
  });
});
