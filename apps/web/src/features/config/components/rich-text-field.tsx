import { Input, Skeleton, Stack } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { lazy, Suspense, useId, type ReactNode } from 'react';

// tiptap is big: it loads with the first rich-text field, not with the screen.
const RichTextEditorField = lazy(() => import('./rich-text-editor'));

export interface RichTextFieldProps {
  label: string;
  description?: ReactNode;
  error?: string;
  /** HTML; '' for empty. */
  value: string;
  onChange: (html: string) => void;
}

/** A labelled rich-text (HTML) input: bold, italic, headings, lists, links (docs/product.md §3 HTML fields). */
export function RichTextField({ label, description, error, value, onChange }: RichTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <Stack gap={4}>
      {/* Not a <label> (the editor is no form control); a click on it still moves focus to the editor. */}
      <Input.Label
        id={labelId}
        component="div"
        onClick={() => document.querySelector<HTMLElement>(`[aria-labelledby="${labelId}"]`)?.focus()}
      >
        {label}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <Suspense
        fallback={
          <Skeleton height={160} radius="md" aria-hidden="true">
            {/* keeps the box's size while the editor loads */}
          </Skeleton>
        }
      >
        <RichTextEditorField
          value={value}
          onChange={onChange}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
        />
      </Suspense>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
