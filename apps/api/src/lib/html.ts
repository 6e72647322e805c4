import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_IMAGE_SCHEMES,
} from '@camp/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Admin-written HTML (camp description, home-page blurb, registration terms) as stored: formatting, links
 * and images only (the allow-list is shared with the browser: @camp/shared/rules). No scripts, event handlers, styles that can hide content, or javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...HTML_ALLOWED_SCHEMES],
  allowedSchemesByTag: { img: [...HTML_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
