import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentMeta } from './use-document-meta';

afterEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove();
});

function metaContent(): string | undefined {
  return document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
}

describe('useDocumentMeta', () => {
  it('sets the title and the plain-text description, and follows changes', () => {
    const { rerender } = renderHook((props) => useDocumentMeta(props), {
      initialProps: { campName: 'Camp A', campDescription: '<p>Shade &amp; <b>water</b></p>' },
    });
    expect(document.title).toBe('Camp A - Camp Registration');
    expect(metaContent()).toBe('Shade & water');

    rerender({ campName: 'Camp B', campDescription: `<p>${'x'.repeat(300)}</p>` });
    expect(document.title).toBe('Camp B - Camp Registration');
    expect(metaContent()).toBe('x'.repeat(160));
  });

  it("keeps the page's own description while the camp has none", () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Register for camp';
    document.head.appendChild(meta);
    const { rerender } = renderHook((props) => useDocumentMeta(props), {
      initialProps: { campName: 'Camp A', campDescription: '<p>Shade</p>' },
    });
    expect(metaContent()).toBe('Shade');
    rerender({ campName: 'Camp A', campDescription: '' });
    expect(metaContent()).toBe('Register for camp');
  });
});
