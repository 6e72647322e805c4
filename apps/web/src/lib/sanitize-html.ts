import { HTML_ALLOWED_ATTRIBUTE_NAMES, HTML_ALLOWED_TAGS, htmlToPlainText } from '@camp/shared/rules';
import type { DOMPurify } from 'dompurify';

/*
 * Admin-written HTML (camp description, home-page blurb, registration terms) is sanitized on save by the
 * server and again here at render time, so a value stored before a rule change, or written straight into the
 * database, still cannot run script. The allow-list is the server's too (@camp/shared/rules).
 */
export type Sanitizer = (html: string) => string;

/** A sanitizer built on one DOMPurify instance: the allowed formatting, links and images, nothing executable. */
export function createSanitizer(purify: DOMPurify): Sanitizer {
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A wide table scrolls sideways inside its own box on a phone; keyboard users must be able to reach it.
    if (node.nodeName === 'TABLE') node.setAttribute('tabindex', '0');
    if (node.nodeName !== 'A') return;
    // A link must not hand the opened page a handle on this one (window.opener), nor leak our address.
    node.setAttribute('rel', 'noopener noreferrer');
    const target = node.getAttribute('target');
    if (target !== null && target !== '_blank') node.removeAttribute('target');
  });
  return (html) =>
    purify.sanitize(html, {
      ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
      ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTE_NAMES],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
    });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Used only if DOMPurify cannot be loaded: shows the text and drops every tag, so nothing unsafe gets in. */
export const textOnlySanitizer: Sanitizer = (html) => escapeHtml(htmlToPlainText(html));

/** A promise that says when it has settled, in the fields React's `use()` reads before it suspends. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let sanitizerPromise: TrackedPromise<Sanitizer> | null = null;

/**
 * DOMPurify (≈9 KB gzip) is loaded as its own file, started as the app boots (main.tsx), so it downloads in
 * parallel with the camp configuration it is needed for instead of lengthening the first download.
 * Always returns the same promise, which React's `use()` needs; once it has settled, `use()` reads the
 * sanitizer from it at once instead of suspending for a frame.
 */
export function loadSanitizer(): Promise<Sanitizer> {
  if (sanitizerPromise) return sanitizerPromise;
  const promise: TrackedPromise<Sanitizer> = import('dompurify').then(
    ({ default: purify }) => createSanitizer(purify),
    (error: unknown) => {
      console.error('Could not load the HTML sanitizer; showing admin HTML as plain text', error);
      return textOnlySanitizer;
    },
  );
  void promise.then((sanitizer) => {
    promise.status = 'fulfilled';
    promise.value = sanitizer;
  });
  sanitizerPromise = promise;
  return promise;
}
