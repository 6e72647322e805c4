import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_IMAGE_SCHEMES,
} from '@camp/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Attributes never kept, whatever the allow-list says: `class` and `id` would let admin HTML borrow the
 * app's own styles and anchors (docs/security.md), `style` could hide or overlay content.
 */
const NEVER_ALLOWED_ATTRIBUTES = new Set(['class', 'id', 'style']);

/**
 * Elements whose text the parser (htmlparser2) reads raw, up to their own end tag: `<style>` makes
 * everything after it CSS until `</style>`.
 */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

/**
 * Other elements dropped with all they hold: foreign content (`<svg>`, `<math>`, where a browser parses
 * `<style>` and friends differently, the classic mutation-XSS ground), inert or alternative content
 * (`<template>`, `<noscript>`, `<noembed>`, `<noframes>`), embeds and form controls.
 */
const CONTAINER_ELEMENTS = new Set([
  'math',
  'svg',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'select',
  'option',
]);

/**
 * Admin-written HTML (camp description, home-page blurb, registration terms) as stored: formatting, links
 * and images only (the allow-list is shared with the browser: @camp/shared/rules). No scripts, event
 * handlers, styles, classes or ids, or javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, names]) => [
      tag,
      names.filter((name) => !NEVER_ALLOWED_ATTRIBUTES.has(name)),
    ]),
  ),
  allowedSchemes: [...HTML_ALLOWED_SCHEMES],
  allowedSchemesByTag: { img: [...HTML_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  // Dropped with everything inside them (the default list is script, style, textarea, option, xmp).
  nonTextTags: [...RAW_TEXT_ELEMENTS, ...CONTAINER_ELEMENTS],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(balanceDroppedElements(html), OPTIONS);
}

interface Edit {
  at: number;
  remove: number;
  insert: string;
}

/** A start or end tag's name, read from the `<` (the text searched is lower case). */
const TAG_NAME = /<(\/?)([a-z][^\s/>]*)/y;

/** Where the next tag, end tag, comment or declaration begins. */
const NEXT_TAG = /<[a-z/!?]/gi;

const isTagNameEnd = (character: string | undefined) =>
  character === undefined || character === '>' || character === '/' || /\s/.test(character);

/**
 * Keeps an unclosed element that is dropped with its content from taking the rest of the document with it
 * (`<p>a</p><style>x{}<p>b</p>` once lost "b"):
 * - an unclosed raw-text element (`<style>`, `<script>` …) ends where the next tag begins, so only the text
 *   right after it goes (a browser would hide the whole rest, which for stored text is silent data loss);
 * - an unclosed container (`<math>`, `<svg>`, `<template>` …) loses its opening tag only: what follows is
 *   sanitized like any other markup.
 * Balanced elements are left alone and dropped whole. This pass only decides what is kept; whatever it
 * yields still goes through the sanitizer, so a parse it gets wrong costs text, never safety. One pass
 * over the text, each end tag looked for at most once per element name.
 */
function balanceDroppedElements(html: string): string {
  // ASCII only, so every index into `lower` is the same index into `html` (toLowerCase can lengthen text).
  const lower = html.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const edits: Edit[] = [];
  const openContainers = new Map<string, Array<{ start: number; end: number }>>();
  const nextEndTag = new Map<string, number>();

  /** Where `</name` (a whole tag name) next starts at or after `from`, or -1. */
  const findEndTag = (name: string, from: number): number => {
    const known = nextEndTag.get(name);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    let at = lower.indexOf(`</${name}`, from);
    while (at !== -1 && !isTagNameEnd(lower[at + name.length + 2])) at = lower.indexOf(`</${name}`, at + 1);
    nextEndTag.set(name, at);
    return at;
  };

  let index = 0;
  while (index < html.length) {
    const start = html.indexOf('<', index);
    if (start === -1) break;
    if (lower.startsWith('<!--', start)) {
      const end = html.indexOf('-->', start + 4);
      if (end === -1) break;
      index = end + 3;
      continue;
    }
    TAG_NAME.lastIndex = start;
    const match = TAG_NAME.exec(lower);
    if (!match) {
      index = start + 1;
      continue;
    }
    const closing = match[1] === '/';
    const name = match[2]!;
    const end = tagEnd(html, start + match[0].length);
    if (end === -1) break; // an unfinished tag: the parser reads the rest as its attributes too

    if (!closing && RAW_TEXT_ELEMENTS.has(name)) {
      const endTag = findEndTag(name, end);
      if (endTag !== -1) {
        index = endTag + 2; // on to the end tag itself
        continue;
      }
      NEXT_TAG.lastIndex = end;
      const at = NEXT_TAG.exec(html)?.index ?? html.length;
      edits.push({ at, remove: 0, insert: `</${name}>` });
      index = at;
      continue;
    }
    if (CONTAINER_ELEMENTS.has(name)) {
      const open = openContainers.get(name) ?? [];
      openContainers.set(name, open);
      const selfClosed = html[end - 2] === '/' && (name === 'svg' || name === 'math');
      if (closing) open.pop();
      else if (!selfClosed) open.push({ start, end });
    }
    index = end;
  }

  for (const unclosed of openContainers.values()) {
    for (const { start, end } of unclosed) edits.push({ at: start, remove: end - start, insert: '' });
  }
  if (edits.length === 0) return html;
  // Insertions before removals at the same place: both refer to the original text.
  edits.sort((a, b) => a.at - b.at || a.remove - b.remove);
  let result = '';
  let copied = 0;
  for (const edit of edits) {
    result += html.slice(copied, edit.at) + edit.insert;
    copied = edit.at + edit.remove;
  }
  return result + html.slice(copied);
}

/** The index just past the `>` ending the tag whose attributes start at `from`, quotes respected; -1 if none. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let index = from; index < html.length; index++) {
    const character = html[index];
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '>') {
      return index + 1;
    } else if (
      (character === '"' || character === "'") &&
      /=\s*$/.test(html.slice(Math.max(from, index - 16), index))
    ) {
      quote = character;
    }
  }
  return -1;
}
