import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { FormActions, type FormError } from '../../../components/form-actions';
import {
  ROLE_OPTIONS,
  USER_FIELD_ORDER,
  USER_FLAGS,
  USER_TEXT_FIELDS,
  userErrors,
  userServerErrors,
  type UserErrors,
  type UserFlag,
  type UserFormValues,
  type UserTextField,
} from '../user-form';

export type UserFormError = FormError;

export interface UserFormProps {
  initialValues: UserFormValues;
  /** The admin is editing their own record: the profile's required fields stay required. */
  self?: boolean;
  submitLabel: string;
  saving?: boolean;
  /** The last save's failure, shown above the buttons. */
  error?: UserFormError | null;
  /** Saves; the server's messages it answers are shown on the fields whose rules say them. */
  onSubmit: (values: UserFormValues) => Promise<readonly string[] | void>;
  onCancel: () => void;
}

/** The fields of docs/product.md §3 User an admin sets; the password is not shown; internal notes are a part of their own
 * below the form (docs/product.md §12). */
export function UserForm({
  initialValues,
  self = false,
  submitLabel,
  saving = false,
  error,
  onSubmit,
  onCancel,
}: UserFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<UserErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = (found: UserErrors) => {
    const first = USER_FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = userErrors(values, { self });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    const messages = await onSubmit(values);
    const serverErrors = messages ? userServerErrors(values, messages, { self }) : {};
    if (Object.keys(serverErrors).length > 0) {
      setErrors(serverErrors);
      focusFirstError(serverErrors);
    }
  };

  const text = (field: UserTextField) => ({
    name: field,
    label: USER_TEXT_FIELDS[field].label,
    maxLength: USER_TEXT_FIELDS[field].max,
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
    },
  });

  const flag = (field: UserFlag) => (
    <Checkbox
      key={field}
      name={field}
      label={USER_FLAGS[field].label}
      description={USER_FLAGS[field].description}
      checked={values[field]}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setValues((current) => ({ ...current, [field]: checked }));
      }}
    />
  );

  const required = (field: UserTextField) =>
    self && ['firstName', 'lastName', 'phone', 'emergencyContact'].includes(field);

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-busy={saving || undefined}>
      <Stack gap="lg">
        <TextInput {...text('email')} type="email" required autoComplete="off" data-autofocus />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput {...text('firstName')} required={required('firstName')} autoComplete="off" />
          <TextInput {...text('lastName')} required={required('lastName')} autoComplete="off" />
          <TextInput {...text('playaName')} autoComplete="off" />
          <TextInput {...text('phone')} type="tel" required={required('phone')} autoComplete="off" />
          <TextInput {...text('city')} autoComplete="off" />
          <TextInput {...text('stateProvince')} autoComplete="off" />
          <TextInput {...text('country')} autoComplete="off" />
        </SimpleGrid>
        <Textarea
          {...text('emergencyContact')}
          required={required('emergencyContact')}
          description="Name, phone, relationship"
          rows={3}
        />

        <Stack gap="sm">
          <Title order={3} size="h5">
            Role and permissions
          </Title>
          <NativeSelect
            name="role"
            label="Role"
            data={ROLE_OPTIONS}
            value={values.role}
            onChange={(event) => {
              const role = ROLE_OPTIONS.find((option) => option.value === event.currentTarget.value)?.value;
              if (role) setValues((current) => ({ ...current, role }));
            }}
            maw={240}
          />
          {(Object.keys(USER_FLAGS) as UserFlag[]).map(flag)}
        </Stack>

        <FormActions submitLabel={submitLabel} saving={saving} error={error} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
