/**
 * The camp's name as the server wrote it into index.html (`<meta name="application-name">`, decision 027),
 * so the header shows it on first paint instead of a placeholder or the default name. Null when the page
 * came without it (the Vite dev server, tests).
 */
export function servedCampName(doc: Document = document): string | null {
  const content = doc.head.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content;
  return content?.trim() ? content : null;
}
