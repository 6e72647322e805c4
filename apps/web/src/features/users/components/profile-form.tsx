import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PROFILE_FIELD_KEYS,
  PROFILE_FIELDS,
  profileErrors,
  profileServerErrors,
  type ProfileErrors,
  type ProfileField,
  type ProfileFormValues,
} from '../profile-values';

export interface ProfileFormProps {
  initialValues: ProfileFormValues;
  /** Shown read-only: it cannot be changed (yet). */
  email: string;
  submitLabel: string;
  /**
   * Saves; resolves when done. The server's validation messages it returns are shown on the fields whose
   * rules say them.
   */
  onSubmit: (values: ProfileFormValues) => Promise<readonly string[] | void>;
  /** A failure of the last save, shown above the button. */
  error?: string | null;
  /** A success notice, shown above the button. */
  notice?: string | null;
}

/** The profile fields of docs/product.md §2, checked with the shared schema (docs/product.md §5); first name takes focus when shown. */
export function ProfileForm({
  initialValues,
  email,
  submitLabel,
  onSubmit,
  error,
  notice,
}: ProfileFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef<Partial<Record<ProfileField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => {
    firstNameRef.current?.focus();
  }, []);

  const focusFirstError = (found: ProfileErrors) => {
    const first = PROFILE_FIELD_KEYS.find((field) => found[field]);
    if (first) fieldRefs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSaving(true);
    try {
      const messages = await onSubmit(values);
      if (messages) {
        const serverErrors = profileServerErrors(values, messages);
        setErrors(serverErrors);
        focusFirstError(serverErrors);
      }
    } finally {
      setSaving(false);
    }
  };

  const field = (name: ProfileField) => {
    const { label, required, max } = PROFILE_FIELDS[name];
    return {
      label,
      name,
      required,
      maxLength: max,
      value: values[name],
      error: errors[name],
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
      },
    };
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            {...field('firstName')}
            ref={(element) => {
              firstNameRef.current = element;
              fieldRefs.current.firstName = element;
            }}
            autoComplete="given-name"
          />
          <TextInput
            {...field('lastName')}
            ref={(element) => {
              fieldRefs.current.lastName = element;
            }}
            autoComplete="family-name"
          />
          <TextInput
            {...field('playaName')}
            ref={(element) => {
              fieldRefs.current.playaName = element;
            }}
            description="Optional: the name you go by at the event"
            autoComplete="nickname"
          />
          <TextInput
            label="Email"
            name="email"
            type="email"
            value={email}
            readOnly
            variant="filled"
            description="Email cannot be changed (yet)"
            autoComplete="email"
          />
          <TextInput
            {...field('phone')}
            ref={(element) => {
              fieldRefs.current.phone = element;
            }}
            type="tel"
            autoComplete="tel"
          />
          <TextInput
            {...field('city')}
            ref={(element) => {
              fieldRefs.current.city = element;
            }}
            autoComplete="address-level2"
          />
          <TextInput
            {...field('stateProvince')}
            ref={(element) => {
              fieldRefs.current.stateProvince = element;
            }}
            autoComplete="address-level1"
          />
          <TextInput
            {...field('country')}
            ref={(element) => {
              fieldRefs.current.country = element;
            }}
            autoComplete="country-name"
          />
        </SimpleGrid>
        <Textarea
          {...field('emergencyContact')}
          ref={(element) => {
            fieldRefs.current.emergencyContact = element;
          }}
          description="Name, phone, relationship"
          rows={3}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {notice && (
          <Alert color="teal" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
