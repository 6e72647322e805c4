import { useState, type ChangeEvent } from 'react';
import { checkForm, hasErrors, type FormErrors, type FormSchema } from '../lib/schema-form';
import type { AddEditFormModalProps, SaveModalProps } from './form-modal';

/** The fields of V that hold a value of type T. */
type FieldsOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export interface ModalFormOptions<V> {
  /** The form's first values (read once: the modal is mounted fresh each time it opens). */
  initialValues: () => V;
  /** How the values are checked: the shared request schema on their body (lib/schema-form). */
  form: FormSchema<V>;
  /** Called with the values once their body passes the schema. */
  onSave: (values: V) => void;
}

/**
 * Values, one setter per field, and a submit that checks the values' request body with the shared schema and
 * shows the errors or hands the values on: the admin modals' form.
 */
export function useModalForm<V extends object>(options: ModalFormOptions<V>) {
  type Field = keyof V & string;
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {} });
  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  /** Forgets the errors of these fields (their inputs were cleared). */
  const clearErrors = (...fields: Field[]) =>
    setErrors((current) => {
      const next = { ...current, fields: { ...current.fields } };
      for (const field of fields) delete next.fields[field];
      return next;
    });

  /** A text input's (TextInput, Textarea, NativeSelect) value, onChange and error, bound to a string field. */
  const textField = <K extends FieldsOf<V, string>>(key: K) => ({
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key, event.currentTarget.value as V[K]),
    error: errors.fields[key],
  });
  /**
   * A text field whose error goes as soon as it is typed in: value, onValue and error (what ReasonTextarea
   * takes), for a required reason that must not keep saying "required" while it is being written.
   */
  const clearingTextField = <K extends FieldsOf<V, string> & Field>(key: K) => ({
    value: values[key] as string,
    onValue: (value: string) => {
      set(key, value as V[K]);
      clearErrors(key);
    },
    error: errors.fields[key],
  });
  /** A NumberInput's value, onChange and error, bound to a field that holds a number or '' (empty). */
  const numberField = <K extends FieldsOf<V, number | string>>(key: K) => ({
    value: values[key] as number | string,
    onChange: (value: number | string) => set(key, value as V[K]),
    error: errors.fields[key],
  });
  /** A Checkbox's or Switch's checked and onChange, bound to a boolean field. */
  const checkField = <K extends FieldsOf<V, boolean>>(key: K) => ({
    checked: values[key] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.checked as V[K]),
  });

  const submit = () => {
    const found = checkForm(options.form, values);
    setErrors(found);
    if (!hasErrors(found)) options.onSave(values);
  };

  return {
    values,
    setValues,
    errors: errors.fields,
    formError: errors.form,
    clearErrors,
    set,
    textField,
    clearingTextField,
    numberField,
    checkField,
    submit,
  };
}

export interface AddEditFormOptions<V, T> extends SaveModalProps<V> {
  /** What is added or edited, e.g. 'Job Category' (AddEditFormModal's title and submit). */
  noun: string;
  /** The thing to edit; undefined to add one. */
  item: T | undefined;
  /** The form's first values for the item (for a new one when it is undefined). */
  initialValues: (item: T | undefined) => V;
  form: FormSchema<V>;
}

/**
 * useModalForm for the Add/Edit modal of one kind of thing: the form starts from `item`, and `modal` holds
 * what AddEditFormModal takes (title and buttons, the save under way, the form's own message or else the
 * save's failure, submit and close).
 */
export function useAddEditForm<V extends object, T>({
  noun,
  item,
  initialValues,
  form,
  saving,
  saveError,
  onSave,
  onClose,
}: AddEditFormOptions<V, T>) {
  const modalForm = useModalForm({ initialValues: () => initialValues(item), form, onSave });
  const modal: Omit<AddEditFormModalProps, 'children'> = {
    noun,
    editing: item !== undefined,
    saving,
    formError: modalForm.formError,
    saveError,
    onSubmit: modalForm.submit,
    onClose,
  };
  return { ...modalForm, modal };
}
