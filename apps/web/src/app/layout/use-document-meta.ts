import { metaDescription, pageTitle } from '@camp/shared/rules';
import type { PublicConfig } from '@camp/shared/config';
import { useEffect } from 'react';

/**
 * Keeps the tab title and the meta description in step with the camp configuration (docs/product.md §2).
 * Pass null while the configuration is loading, so the default camp name does not flash in the tab.
 */
export function useDocumentMeta(config: Pick<PublicConfig, 'campName' | 'campDescription'> | null): void {
  const campName = config?.campName;
  const campDescription = config?.campDescription;

  useEffect(() => {
    if (campName === undefined) return;
    document.title = pageTitle(campName);
  }, [campName]);

  useEffect(() => {
    if (campDescription === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    // index.html's generic description stays while a camp has none, rather than an empty tag.
    meta.dataset.initialContent ??= meta.content;
    const description = metaDescription(campDescription);
    meta.content = description !== '' ? description : meta.dataset.initialContent;
  }, [campDescription]);
}
