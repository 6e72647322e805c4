import { parsePublicConfig } from '@camp/shared/rules';
import type { PublicConfig } from '@camp/shared/config';

/*
 * What the server wrote into index.html (decision 027): the camp's name and its public configuration, so the
 * first paint shows the camp instead of placeholders, without a request first. Both are absent where the page
 * did not come from the API server (the Vite dev server, tests).
 */

function metaContent(doc: Document, name: string): string | null {
  const content = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content?.trim() ? content : null;
}

/** The camp's name from `<meta name="application-name">`, or null. */
export function servedCampName(doc: Document = document): string | null {
  return metaContent(doc, 'application-name');
}

/** The public configuration from `<meta name="camp-config">` (GET /public/config's body), or null. */
export function servedPublicConfig(doc: Document = document): PublicConfig | null {
  const content = metaContent(doc, 'camp-config');
  if (!content) return null;
  try {
    return parsePublicConfig(JSON.parse(content));
  } catch {
    return null;
  }
}
