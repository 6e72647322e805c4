import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * The required reason of an admin's action on a registration (a cancel, a removal from the waitlist): kept in
 * the audit trail. Bound with useModalForm's clearingTextField, typing clears the field's error.
 */
export function ReasonTextarea({
  value,
  onValue,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange' | 'required' | 'rows'> & {
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <Textarea
      required
      data-autofocus
      rows={3}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      {...props}
    />
  );
}
