// The one allow-list for admin-written HTML (camp description, home-page blurb, registration terms): the
// server sanitizes with it on save (sanitize-html), the browser again at render (DOMPurify).

export const HTML_ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Attributes allowed per tag (none on every tag). */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  // No class, id or style on any tag: admin HTML cannot borrow or restyle the app's own elements (docs/security.md).
};

/** Every attribute allowed on some tag (DOMPurify takes one flat list). */
export const HTML_ALLOWED_ATTRIBUTE_NAMES: readonly string[] = [
  ...new Set(Object.values(HTML_ALLOWED_ATTRIBUTES).flat()),
];

/** URL schemes allowed in links, and in image sources. */
export const HTML_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const HTML_IMAGE_SCHEMES = ['http', 'https', 'data'] as const;
