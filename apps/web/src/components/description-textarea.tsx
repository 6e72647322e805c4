import { Textarea, type TextareaProps } from '@mantine/core';

/** The Description field of an Add/Edit modal: two rows unless given, growing only downwards. */
export function DescriptionTextarea(props: Omit<TextareaProps, 'label' | 'resize'>) {
  return <Textarea label="Description" rows={2} resize="vertical" {...props} />;
}
