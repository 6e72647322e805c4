import type { PublicConfig } from '@camp/shared/config';
import { flattenHeadings, shiftHeadings } from '@camp/shared/rules';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/escape';
import { sanitizeAdminHtml } from '../lib/html';

/**
 * Home's and Login's first paint, written by the server into index.html's root element so the page shows the
 * camp before the app's script has arrived and run (decision 045). The markup copies what the React screens
 * render (app/layout's AppLayout, SiteHeader and SiteNav, app/routes/home-page, features/auth's
 * RequestCodeForm) with the build's own class names; e2e/first-paint.spec.ts holds the two side by side.
 * The app renders into a fresh element and replaces this one once its first screen has settled
 * (apps/web/src/lib/first-paint.ts).
 */

/** Written by the web build beside index.html (apps/web/first-paint.ts). */
export const FIRST_PAINT_FILE = 'first-paint.json';

export interface FirstPaintAssets {
  /** The built class names of the first screen's CSS modules, by module (file name without .module.css). */
  classes: Record<string, Record<string, string>>;
  /**
   * What Mantine renders on each Mantine element of the first screen (`button.root` → `class="…" style="…"
   * data-size="md"`), rendered by Mantine at build time (apps/web/src/app/first-paint-parts.tsx): the server
   * never spells Mantine's internal class names itself.
   */
  mantine: Record<string, string>;
  /** The theme's CSS variables, which MantineProvider would write only once the app runs. */
  css: string;
}

/** The Mantine parts the template below writes; a build without one of them gets no first paint. */
export const MANTINE_PARTS = [
  'navButton.root',
  'navButton.inner',
  'navButton.label',
  'burger.root',
  'burger.burger',
  'homeStack.root',
  'paper.root',
  'paperStack.root',
  'group.root',
  'button.root',
  'button.inner',
  'button.label',
  'formStack.root',
  'title.root',
  'text.root',
  'submitButton.root',
  'submitButton.inner',
  'submitButton.label',
] as const;
type MantinePart = (typeof MANTINE_PARTS)[number];
type Parts = Record<MantinePart, string>;

/**
 * The first paint's one script, inline so it runs before the first frame: the server cannot see the address's
 * fragment, where the hash routes are (decision 029), so this picks the screen. `/#/login` with or without a
 * query (a guard's `?returnTo=`) shows Login, Home's addresses show Home, any other route neither (the frame
 * only, until the app has drawn it). The CSP allows it by its hash (FIRST_PAINT_SCRIPT_HASH), no other
 * inline script. Without JavaScript the `:target` rules of OWN_CSS still show Login at `/#/login`.
 */
export const FIRST_PAINT_SCRIPT =
  'document.currentScript.parentNode.dataset.screen=' +
  '/^#\\/login([?/]|$)/.test(location.hash)?"login":/^(#\\/?)?$/.test(location.hash)?"home":"other"';

/** The CSP source that allows FIRST_PAINT_SCRIPT (plugins/security.ts). */
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

export type FirstPaintConfig = Pick<
  PublicConfig,
  | 'campName'
  | 'campDescription'
  | 'homePageBlurb'
  | 'campBannerUrl'
  | 'campBannerAltText'
  | 'campIconUrl'
  | 'campIconAltText'
>;

/** Who asks: a signed-out visitor gets Home (or Login), a signed-in one the frame only (decision 045). */
export type FirstPaintViewer = 'signed-out' | 'signed-in';

/** The build's first-paint file, or null when there is none (a build from before it, or a broken one). */
export function loadFirstPaintAssets(distDir: string): FirstPaintAssets | null {
  const file = path.join(distDir, FIRST_PAINT_FILE);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<FirstPaintAssets>;
    const { css, classes, mantine } = parsed;
    if (typeof css !== 'string' || typeof classes !== 'object' || classes === null) return null;
    if (typeof mantine !== 'object' || mantine === null) return null;
    if (!MANTINE_PARTS.every((part) => typeof mantine[part] === 'string')) return null;
    return { classes, mantine, css };
  } catch {
    return null;
  }
}

/**
 * The fragment's own rules: the Paper's responsive padding (Mantine writes it as an inline style element
 * with a generated class), the text input (its styles come with the Login screen's lazy chunk) and which
 * screen shows. The app's routes are hash routes, so the server sees `/` for all; FIRST_PAINT_SCRIPT marks
 * the root with the screen of the fragment. Without JavaScript, a page opened at `/#/login` has the fragment
 * `/login`, which makes the element with that id the `:target`, and CSS swaps Home's main for Login's.
 */
const OWN_CSS = `
.camp-fp-paper{padding:var(--mantine-spacing-lg)}
@media (min-width:48em){.camp-fp-paper{padding:var(--mantine-spacing-xl)}}
.camp-fp-login{display:none}
[id="/login"]:target~* .camp-fp-login,[data-screen=login] .camp-fp-login{display:block}
[id="/login"]:target~* .camp-fp-home,[data-screen=login] .camp-fp-home,[data-screen=other] .camp-fp-home{display:none}
.camp-fp-label{display:inline-block;font-size:var(--mantine-font-size-md);font-weight:500;line-height:1.55;word-break:break-word}
.camp-fp-required{color:var(--mantine-color-error)}
.camp-fp-input{display:block;box-sizing:border-box;width:100%;height:calc(2.625rem * var(--mantine-scale));min-height:calc(2.625rem * var(--mantine-scale));padding:0 calc(var(--mantine-spacing-md) / 1.5 * var(--mantine-scale));border:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-default);background:var(--mantine-color-white);color:var(--mantine-color-black);font:inherit;font-size:var(--mantine-font-size-md);line-height:calc(2.625rem * var(--mantine-scale) - calc(0.125rem * var(--mantine-scale)))}
.camp-fp-fields{border:0;margin:0;padding:0;min-width:0}`;

/** A Mantine Button (as a link, or Send Code) with its label, as Mantine rendered that part. */
function button(
  m: Parts,
  part: 'navButton' | 'button' | 'submitButton',
  label: string,
  href?: string,
): string {
  const inner = `<span ${m[`${part}.inner`]}><span ${m[`${part}.label`]}>${escapeHtml(label)}</span></span>`;
  return href
    ? `<a ${m[`${part}.root`]} href="${href}">${inner}</a>`
    : `<button ${m[`${part}.root`]}>${inner}</button>`;
}

/** Admin HTML as the page shows it: sanitized here too (decision 003), headings placed in the outline. */
function adminHtml(html: string, headings: 2 | 'none'): string {
  const clean = sanitizeAdminHtml(html);
  return headings === 'none' ? flattenHeadings(clean) : shiftHeadings(clean, headings);
}

const imageOr = (url: string | null, fallback: string) =>
  url !== null && url.trim() !== '' ? url : fallback;

/**
 * The header of SiteHeader, in the page's flow until the app fixes it above a spacer of its height. The banner
 * is the page's largest picture: asked for first.
 */
function header(c: Record<string, Record<string, string>>, config: FirstPaintConfig, nav: string): string {
  const h = c['site-header'] ?? {};
  const bannerAlt = config.campBannerAltText?.trim() || config.campName;
  const description =
    config.campDescription.trim() === ''
      ? ''
      : `<div class="${c['html-content']?.root} ${h.description}">${adminHtml(config.campDescription, 'none')}</div>`;
  return (
    `<header class="${h.header}" data-collapsed="false" style="position: relative;">` +
    `<div class="${h.banner}"><img class="${h.bannerImage}" alt="${escapeHtml(bannerAlt)}" src="${escapeHtml(imageOr(config.campBannerUrl, '/default-banner.svg'))}" fetchpriority="high"></div>` +
    `<div class="${h.inner}"><div class="${h.bar}"><h1 class="${h.title}"><a class="${h.brand}" href="#/">` +
    `<img class="${h.icon}" alt="${escapeHtml(config.campIconAltText?.trim() ?? '')}" src="${escapeHtml(imageOr(config.campIconUrl, '/default-icon.svg'))}">` +
    `<span class="${h.name}">${escapeHtml(config.campName)}</span></a></h1>${nav}</div>${description}</div></header>`
  );
}

/** SiteNav for a signed-out visitor: Sign In, and the menu button of narrow screens. */
function signedOutNav(c: Record<string, Record<string, string>>, m: Parts): string {
  const n = c['site-nav'] ?? {};
  // The burger's own class goes first in its class list, as SiteNav's className does.
  const burger = m['burger.root'].replace(/class="/, `class="${n.burger} `);
  return (
    `<nav aria-label="Main navigation" class="${n.nav}"><ul class="${n.inlineList}"><li>` +
    button(m, 'navButton', 'Sign In', '#/login') +
    `</li></ul><button ${burger} aria-label="Open navigation menu" aria-expanded="false" disabled>` +
    `<div ${m['burger.burger']}></div></button></nav>`
  );
}

/** Home's main for a signed-out visitor: the blurb and Login (app/routes/home-page). */
function homeMain(c: Record<string, Record<string, string>>, m: Parts, config: FirstPaintConfig): string {
  const content = c['html-content'] ?? {};
  return (
    `<div ${withOwn(m['homeStack.root'], 'camp-fp-home', 'margin-inline:auto;max-width:calc(51.25rem * var(--mantine-scale))')}>` +
    `<div ${withOwn(m['paper.root'], 'camp-fp-paper')}>` +
    `<div ${m['paperStack.root']}>` +
    `<div class="${content.root} ${content.prose}">${adminHtml(config.homePageBlurb, 2)}</div>` +
    `<div ${m['group.root']}>` +
    button(m, 'button', 'Login', '#/login') +
    `</div></div></div></div>`
  );
}

/**
 * A part's attributes with a class of the fragment's own and, for Mantine's style props (`maw`, `mx`), more
 * inline style.
 */
function withOwn(attributes: string, ownClass: string, style?: string): string {
  let out = attributes.replace(/class="/, `class="${ownClass} `);
  if (style) {
    out = /style="/.test(out)
      ? out.replace(
          /style="([^"]*)"/,
          (_match, rules: string) => `style="${rules.replace(/;?$/, ';')}${style}"`,
        )
      : `${out} style="${style}"`;
  }
  return out;
}

/**
 * Login's main (features/auth RequestCodeForm): its texts, the e-mail field and Send Code, disabled until
 * the app takes over (the form has no action of its own to fall back on).
 */
function loginMain(m: Parts): string {
  return (
    `<div ${withOwn(m['paper.root'], 'camp-fp-login camp-fp-paper', 'margin-inline:auto;max-width:calc(30rem * var(--mantine-scale))')}>` +
    `<form novalidate aria-labelledby="sign-in-title"><fieldset class="camp-fp-fields" disabled>` +
    `<div ${m['formStack.root']}>` +
    `<h2 ${m['title.root']} id="sign-in-title">Sign In</h2>` +
    `<p ${m['text.root']}>Enter your email address and we will send you a 6-digit code to sign in. No password needed, and if you are new here your account is made as you sign in.</p>` +
    `<div><label class="camp-fp-label" for="camp-fp-email">Email address<span class="camp-fp-required" aria-hidden="true"> *</span></label>` +
    `<input class="camp-fp-input" id="camp-fp-email" type="email" name="email" autocomplete="email" required></div>` +
    button(m, 'submitButton', 'Send Code') +
    `</div></fieldset></form></div>`
  );
}

/** What goes inside `<div id="root">`: the theme's variables, then the frame and the first screen. */
export function renderFirstPaint(
  assets: FirstPaintAssets,
  config: FirstPaintConfig,
  viewer: FirstPaintViewer,
): string {
  const c = assets.classes;
  const m = assets.mantine as Parts;
  const layout = c['app-layout'] ?? {};
  const signedOut = viewer === 'signed-out';
  const main = signedOut ? homeMain(c, m, config) + loginMain(m) : '';
  // Signed in, the app shows no links until it knows the person (nav-items.ts): an empty list here too.
  const nav = signedOut
    ? signedOutNav(c, m)
    : `<nav aria-label="Main navigation" class="${c['site-nav']?.nav}"><ul class="${c['site-nav']?.inlineList}"></ul></nav>`;
  return (
    `<style>${assets.css}${signedOut ? OWN_CSS : ''}</style>` +
    (signedOut ? `<script>${FIRST_PAINT_SCRIPT}</script><span id="/login" hidden></span>` : '') +
    `<div class="${layout.shell}"><a href="#main-content" class="${layout.skipLink}">Skip to main content</a>` +
    header(c, config, nav) +
    `<main id="main-content" tabindex="-1" class="${layout.main}">${main}</main></div>`
  );
}
