import type { PublicConfig } from '@camp/shared/config';
import { flattenHeadings, shiftHeadings } from '@camp/shared/rules';
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
  /** The theme's CSS variables, which MantineProvider would write only once the app runs. */
  css: string;
}

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
    if (typeof parsed.css !== 'string' || typeof parsed.classes !== 'object' || parsed.classes === null) {
      return null;
    }
    return { classes: parsed.classes, css: parsed.css };
  } catch {
    return null;
  }
}

/**
 * The fragment's own rules: the Paper's responsive padding (Mantine writes it as an inline style element
 * with a generated class), the text input (its styles come with the Login screen's lazy chunk) and which
 * screen shows. The app's routes are hash routes, so the server sees `/` for both; a page opened at
 * `/#/login` has the fragment `/login`, which makes the element with that id the `:target`, and CSS swaps
 * Home's main for Login's, no script needed (the CSP allows none inline).
 */
const OWN_CSS = `
.camp-fp-paper{padding:var(--mantine-spacing-lg)}
@media (min-width:48em){.camp-fp-paper{padding:var(--mantine-spacing-xl)}}
.camp-fp-login{display:none}
[id="/login"]:target~* .camp-fp-login{display:block}
[id="/login"]:target~* .camp-fp-home{display:none}
.camp-fp-label{display:inline-block;font-size:var(--mantine-font-size-md);font-weight:500;line-height:1.55;word-break:break-word}
.camp-fp-required{color:var(--mantine-color-error)}
.camp-fp-input{display:block;box-sizing:border-box;width:100%;height:calc(2.625rem * var(--mantine-scale));min-height:calc(2.625rem * var(--mantine-scale));padding:0 calc(var(--mantine-spacing-md) / 1.5 * var(--mantine-scale));border:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-default);background:var(--mantine-color-white);color:var(--mantine-color-black);font:inherit;font-size:var(--mantine-font-size-md);line-height:calc(2.625rem * var(--mantine-scale) - calc(0.125rem * var(--mantine-scale)))}
.camp-fp-fields{border:0;margin:0;padding:0;min-width:0}`;

const BUTTON_STYLE = (size: 'sm' | 'md') =>
  `--button-height: var(--button-height-${size}); --button-padding-x: var(--button-padding-x-${size}); ` +
  `--button-fz: var(--mantine-font-size-${size}); --button-color: var(--mantine-color-white);`;
const BUTTON_CLASS =
  'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';
const STACK_STYLE = (gap: string) =>
  `--stack-gap: var(--mantine-spacing-${gap}); --stack-align: stretch; --stack-justify: flex-start;`;

/** A Mantine Button (as Button or as a link) with its label. */
function button(options: { size: 'sm' | 'md'; label: string; href?: string; block?: boolean }): string {
  const block = options.block ? ' data-block="true"' : '';
  const inner = `<span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${escapeHtml(options.label)}</span></span>`;
  const attributes = `class="${BUTTON_CLASS}" data-size="${options.size}"${block}`;
  return options.href
    ? `<a ${attributes} href="${options.href}" style="${BUTTON_STYLE(options.size)}">${inner}</a>`
    : `<button ${attributes} type="submit" style="${BUTTON_STYLE(options.size)}">${inner}</button>`;
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
function signedOutNav(c: Record<string, Record<string, string>>): string {
  const n = c['site-nav'] ?? {};
  return (
    `<nav aria-label="Main navigation" class="${n.nav}"><ul class="${n.inlineList}"><li>` +
    button({ size: 'sm', label: 'Sign In', href: '#/login' }) +
    `</li></ul><button class="mantine-focus-auto ${n.burger} m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root" type="button" aria-label="Open navigation menu" aria-expanded="false" disabled style="--burger-color: #ffffff;"><div class="m_d4fb9cad mantine-Burger-burger" data-reduce-motion="true"></div></button></nav>`
  );
}

/** Home's main for a signed-out visitor: the blurb and Login (app/routes/home-page). */
function homeMain(c: Record<string, Record<string, string>>, config: FirstPaintConfig): string {
  const content = c['html-content'] ?? {};
  return (
    `<div class="camp-fp-home m_6d731127 mantine-Stack-root" style="${STACK_STYLE('lg')} margin-inline: auto; max-width: calc(51.25rem * var(--mantine-scale));">` +
    `<div class="m_1b7284a3 mantine-Paper-root camp-fp-paper" data-with-border="true" style="--paper-radius: var(--mantine-radius-lg); --paper-shadow: var(--mantine-shadow-xs);">` +
    `<div class="m_6d731127 mantine-Stack-root" style="${STACK_STYLE('xl')}">` +
    `<div class="${content.root} ${content.prose}">${adminHtml(config.homePageBlurb, 2)}</div>` +
    `<div class="m_4081bf90 mantine-Group-root" style="--group-gap: var(--mantine-spacing-md); --group-align: center; --group-justify: flex-start; --group-wrap: wrap;">` +
    button({ size: 'md', label: 'Login', href: '#/login' }) +
    `</div></div></div></div>`
  );
}

/**
 * Login's main (features/auth RequestCodeForm): its texts, the e-mail field and Send Code, disabled until
 * the app takes over (the form has no action of its own to fall back on).
 */
function loginMain(): string {
  return (
    `<div class="camp-fp-login m_1b7284a3 mantine-Paper-root camp-fp-paper" data-with-border="true" style="--paper-radius: var(--mantine-radius-lg); --paper-shadow: var(--mantine-shadow-xs); margin-inline: auto; max-width: calc(30rem * var(--mantine-scale));">` +
    `<form novalidate aria-labelledby="sign-in-title"><fieldset class="camp-fp-fields" disabled>` +
    `<div class="m_6d731127 mantine-Stack-root" style="${STACK_STYLE('md')}">` +
    `<h2 class="m_8a5d1357 mantine-Title-root" data-order="2" id="sign-in-title" style="--title-fw: var(--mantine-h2-font-weight); --title-lh: var(--mantine-h2-line-height); --title-fz: var(--mantine-h2-font-size);">Sign In</h2>` +
    `<p class="mantine-focus-auto m_b6d8b162 mantine-Text-root">Enter your email address and we will send you a 6-digit code to sign in. No password needed, and if you are new here your account is made as you sign in.</p>` +
    `<div><label class="camp-fp-label" for="camp-fp-email">Email address<span class="camp-fp-required" aria-hidden="true"> *</span></label>` +
    `<input class="camp-fp-input" id="camp-fp-email" type="email" name="email" autocomplete="email" required></div>` +
    button({ size: 'md', label: 'Send Code', block: true }) +
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
  const layout = c['app-layout'] ?? {};
  const signedOut = viewer === 'signed-out';
  const main = signedOut ? homeMain(c, config) + loginMain() : '';
  // Signed in, the app shows no links until it knows the person (nav-items.ts): an empty list here too.
  const nav = signedOut
    ? signedOutNav(c)
    : `<nav aria-label="Main navigation" class="${c['site-nav']?.nav}"><ul class="${c['site-nav']?.inlineList}"></ul></nav>`;
  return (
    `<style>${assets.css}${signedOut ? OWN_CSS : ''}</style>` +
    (signedOut ? '<span id="/login" hidden></span>' : '') +
    `<div class="${layout.shell}"><a href="#main-content" class="${layout.skipLink}">Skip to main content</a>` +
    header(c, config, nav) +
    `<main id="main-content" tabindex="-1" class="${layout.main}">${main}</main></div>`
  );
}
