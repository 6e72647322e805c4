import { useState } from 'react';

export interface ModalFormOptions<V, E> {
  /** The form's first values (read once: the modal is mounted fresh each time it opens). */
  initialValues: () => V;
  /** The errors before the first submit. */
  noErrors: E;
  validate: (values: V) => E;
  isValid: (errors: E) => boolean;
  /** Called with the values once they pass `validate`. */
  onSave: (values: V) => void;
}

/** Values, one setter per field, and a submit that shows the errors or hands the values on: the admin modals' form. */
export function useModalForm<V extends object, E>(options: ModalFormOptions<V, E>) {
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<E>(options.noErrors);
  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const found = options.validate(values);
    setErrors(found);
    if (options.isValid(found)) options.onSave(values);
  };

  return { values, setValues, errors, setErrors, set, submit };
}
