import { defaultPublicConfig } from '@camp/shared/rules';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  FIRST_PAINT_FILE,
  FIRST_PAINT_SCRIPT,
  loadFirstPaintAssets,
  MANTINE_PARTS,
  renderFirstPaint,
  type FirstPaintAssets,
} from './first-paint';

/** What the web build writes (apps/web/first-paint.ts), with class names made up for the test. */
const ASSETS: FirstPaintAssets = {
  classes: {
    'app-layout': { shell: '_shell_t', main: '_main_t', skipLink: '_skipLink_t' },
    'site-header': {
      header: '_header_t',
      banner: '_banner_t',
      bannerImage: '_bannerImage_t',
      inner: '_inner_t',
      bar: '_bar_t',
      title: '_title_t',
      brand: '_brand_t',
      icon: '_icon_t',
      name: '_name_t',
      description: '_description_t',
    },
    'site-nav': { nav: '_nav_t', inlineList: '_inlineList_t', burger: '_burger_t' },
    'html-content': { root: '_root_t', prose: '_prose_t' },
  },
  // What Mantine rendered at build time (apps/web/src/app/first-paint-parts.tsx), made up here too.
  mantine: Object.fromEntries(
    MANTINE_PARTS.map((part) => [part, `class="m-${part.replace('.', '-')}" data-part="${part}"`]),
  ),
  css: ':root{--mantine-color-white: #ffffff;}',
};

function distWithFirstPaint(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'camp-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>Camp Registration</title></head><body><div id="root"></div></body>',
  );
  writeFileSync(path.join(dir, FIRST_PAINT_FILE), JSON.stringify(ASSETS));
  return dir;
}

/** The root element's content of a served page. */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>$/.exec(html)?.[1] ?? '';

describe("the server's first paint of Home and Login (decision 045)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: distWithFirstPaint() });
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes the header, the camp's name and description, the blurb and Login's form into the root element", async () => {
    await t.app.services.config.save({
      campName: 'Camp Dusty Gulch',
      campDescription: '<h1>Dust</h1><p>and <strong>glitter</strong></p>',
      homePageBlurb: '<h1>Welcome home</h1><p>Registration opens <em>soon</em>.</p>',
      registrationYear: 2026,
    });
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain(`<style>${ASSETS.css}`);
    expect(root).toContain('<header class="_header_t" data-collapsed="false"');
    expect(root).toContain(
      '<h1 class="_title_t"><a class="_brand_t" href="#/"><img class="_icon_t" alt="" src="/default-icon.svg">' +
        '<span class="_name_t">Camp Dusty Gulch</span></a></h1>',
    );
    expect(root).toContain(
      '<img class="_bannerImage_t" alt="Camp Dusty Gulch" src="/default-banner.svg" fetchpriority="high">',
    );
    // The description's headings become paragraphs, the blurb's top heading an h2, as the app shows them.
    expect(root).toContain(
      '<div class="_root_t _description_t"><p>Dust</p><p>and <strong>glitter</strong></p></div>',
    );
    expect(root).toContain(
      '<div class="_root_t _prose_t"><h2>Welcome home</h2><p>Registration opens <em>soon</em>.</p></div>',
    );
    // Mantine's elements carry what Mantine rendered at build time, none of its class names spelled here.
    expect(root).not.toMatch(/class="[^"]*(mantine-|m_[0-9a-f]{8})/);
    expect(root).toContain(
      '<div class="camp-fp-home m-homeStack-root" data-part="homeStack.root" style="margin-inline:auto;max-width:calc(51.25rem * var(--mantine-scale))">' +
        '<div class="camp-fp-paper m-paper-root" data-part="paper.root"><div class="m-paperStack-root" data-part="paperStack.root">',
    );
    expect(root).toContain(
      '<div class="m-group-root" data-part="group.root"><a class="m-button-root" data-part="button.root" href="#/login">' +
        '<span class="m-button-inner" data-part="button.inner"><span class="m-button-label" data-part="button.label">Login</span></span></a></div>',
    );
    expect(root).toContain(
      '<a class="m-navButton-root" data-part="navButton.root" href="#/login"><span class="m-navButton-inner" data-part="navButton.inner">' +
        '<span class="m-navButton-label" data-part="navButton.label">Sign In</span></span></a>',
    );
    expect(root).toContain(
      '<button class="_burger_t m-burger-root" data-part="burger.root" aria-label="Open navigation menu" aria-expanded="false" disabled>' +
        '<div class="m-burger-burger" data-part="burger.burger"></div></button>',
    );
    // Login's shell: shown by CSS when the address is /#/login; its form does nothing before the app runs.
    expect(root).toContain('<span id="/login" hidden></span>');
    expect(root).toContain(
      '[id="/login"]:target~* .camp-fp-login,[data-screen=login] .camp-fp-login{display:block}',
    );
    expect(root).toMatch(/<fieldset class="camp-fp-fields" disabled>/);
    expect(root).toContain('<h2 class="m-title-root" data-part="title.root" id="sign-in-title">Sign In</h2>');
    expect(root).toContain('<p class="m-text-root" data-part="text.root">Enter your email address');
    expect(root).toContain('type="email" name="email"');
    expect(root).toContain(
      '<button class="m-submitButton-root" data-part="submitButton.root"><span class="m-submitButton-inner" data-part="submitButton.inner">' +
        '<span class="m-submitButton-label" data-part="submitButton.label">Send Code</span></span></button>',
    );
    // The one script: it picks the screen from the address's fragment, which the server never sees.
    expect(root.match(/<script/g)).toHaveLength(1);
    expect(root).toContain(`<script>${FIRST_PAINT_SCRIPT}</script>`);
  });

  it("picks Home's, Login's or no screen from the address's fragment, Login with a query too", () => {
    const screenFor = (hash: string) => {
      const root = { dataset: {} as Record<string, string> };
      new Function('document', 'location', FIRST_PAINT_SCRIPT)(
        { currentScript: { parentNode: root } },
        { hash },
      );
      return root.dataset.screen;
    };
    expect(screenFor('')).toBe('home');
    expect(screenFor('#/')).toBe('home');
    expect(screenFor('#/login')).toBe('login');
    expect(screenFor('#/login?returnTo=%2Fdashboard')).toBe('login');
    expect(screenFor('#/loginx')).toBe('other');
    expect(screenFor('#/dashboard')).toBe('other');
    expect(screenFor('#/admin/users?page=2')).toBe('other');
  });

  it('writes no first paint from a build whose first-paint file lacks a Mantine part', async () => {
    const dir = distWithFirstPaint();
    const { 'title.root': _dropped, ...mantine } = ASSETS.mantine;
    void _dropped;
    writeFileSync(path.join(dir, FIRST_PAINT_FILE), JSON.stringify({ ...ASSETS, mantine }));
    expect(loadFirstPaintAssets(dir)).toBeNull();
    expect(loadFirstPaintAssets(distWithFirstPaint())).toEqual(ASSETS);
  });

  it('shows a change of configuration at once: the page is revalidated every time and its tag changes', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(String(before.headers.vary)).toContain('Cookie');
    await t.app.services.config.save({ campName: 'Camp Changed', registrationYear: 2026 });
    const after = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(rootOf(after.body)).toContain('<span class="_name_t">Camp Changed</span>');
  });

  it("escapes the camp's name and texts, and sanitizes admin HTML again as it writes it", async () => {
    await t.app.services.config.save({
      campName: '<script>alert(1)</script> & "Co"',
      campBannerAltText: '"><script>alert(2)</script>',
      registrationYear: 2026,
    });
    const root = rootOf((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(root).toContain(
      '<span class="_name_t">&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Co&#34;</span>',
    );
    expect(root).toContain('alt="&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62;"');
    // No script but the first paint's own.
    expect(root.replace(`<script>${FIRST_PAINT_SCRIPT}</script>`, '')).not.toMatch(/<script/i);

    // Stored HTML that did not pass the sanitizer on save (an old import, a restore) is cleaned here too.
    const html = renderFirstPaint(
      ASSETS,
      {
        ...defaultPublicConfig(new Date()),
        homePageBlurb: '<p onclick="x()">Hi<script>alert(3)</script><img src=x onerror="alert(4)"></p>',
        campDescription: '<a href="javascript:alert(5)" style="color:red" class="_name_t">link</a>',
      },
      'signed-out',
    );
    expect(html).toContain('<div class="_root_t _prose_t"><p>Hi<img src="x" /></p></div>');
    expect(html).toContain('<div class="_root_t _description_t"><a>link</a></div>');
    expect(html).not.toMatch(/alert|onclick|onerror|javascript:|style="color/);
  });

  it('sends someone who is probably signed in the frame only: no signed-out Home or Sign In to flash up', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/' });
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/',
      cookies: { auth_state: 'authenticated' },
    });
    const root = rootOf(signedIn.body);
    expect(root).toContain('<header class="_header_t"');
    expect(root).toContain(
      '<nav aria-label="Main navigation" class="_nav_t"><ul class="_inlineList_t"></ul></nav>',
    );
    expect(root).toContain('<main id="main-content" tabindex="-1" class="_main_t"></main>');
    expect(root).not.toMatch(/Sign In|Login|_prose_t|id="\/login"|<script/);
    expect(signedIn.headers.etag).not.toBe(signedOut.headers.etag);
  });

  it('leaves the root element empty when the build wrote no first-paint file', async () => {
    const plain = await createTestApp({ webDistDir: distWithoutFirstPaint() });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root"></div>');
    } finally {
      await plain.close();
    }
  });
});

function distWithoutFirstPaint(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'camp-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>x</title></head><div id="root"></div>',
  );
  return dir;
}
