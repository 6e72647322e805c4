// Forms validate with the shared request schemas (@camp/shared/<area>): the form's values are turned into the
// request body and that body is checked by the very schema the server checks it with, so the rules and their
// messages (docs/product.md §5) live in one place. These helpers turn the schema's issues into what a form shows.

/** One problem as a schema reports it: the path of the value it is about and the rule's message. */
interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What a zod schema's safeParse answers, without importing zod here (the web reaches it through @camp/shared). */
export interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** A message per field: the first the schema gives for it. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type SchemaCheck<T, K extends string> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<K>; formErrors: string[] };

/**
 * Checks `input` (a request body) with `schema`: the parsed body, or each field's first message in the
 * schema's order plus the messages about no one field (an issue at the body's root).
 */
export function fieldErrors<T, K extends string = string>(
  schema: Schema<T>,
  input: unknown,
): SchemaCheck<T, K> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  const formErrors: string[] = [];
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (typeof field === 'string') errors[field as K] ??= issue.message;
    else formErrors.push(issue.message);
  }
  return { ok: false, errors, formErrors };
}

/** The field errors of `input`, none when it is valid. */
export function errorsOf<K extends string>(schema: Schema<unknown>, input: unknown): FieldErrors<K> {
  const check = fieldErrors<unknown, K>(schema, input);
  return check.ok ? {} : check.errors;
}

/** Errors as a form shows them when some messages speak for the whole form (see withFormMessages). */
export interface FormErrors<K extends string> {
  /** Shown once, above the buttons. */
  form?: string;
  /** A text is shown under the field; `true` only marks the field invalid. */
  fields: Partial<Record<K, string | true>>;
}

/**
 * Some of the messages of docs/product.md §5 are about the form as a whole ('All fields are required.'): those are shown once
 * (the first of `formMessages` that any field has), and each field they are about is only marked invalid.
 */
export function withFormMessages<K extends string>(
  errors: FieldErrors<K>,
  formMessages: readonly string[],
): FormErrors<K> {
  const fields: Partial<Record<K, string | true>> = {};
  for (const [field, message] of Object.entries(errors) as [K, string][]) {
    fields[field] = formMessages.includes(message) ? true : message;
  }
  const form = formMessages.find((message) => Object.values(errors).includes(message));
  return form === undefined ? { fields } : { form, fields };
}

export function hasErrors<K extends string>(errors: FormErrors<K>): boolean {
  return errors.form !== undefined || Object.keys(errors.fields).length > 0;
}

/** How a form is checked: its request schema, the body of its values, and its whole-form messages. */
export interface FormSchema<V> {
  /** The request schema of @camp/shared/<area>: the server's own rules and messages. */
  schema: Schema<unknown>;
  /** The request body of the values: what the schema checks (and the server receives). */
  toInput: (values: V) => unknown;
  /** The messages about the form as a whole (see withFormMessages). */
  formMessages?: readonly string[];
}

/**
 * The errors a form shows for `values`; no field and no form message when they are valid. A message about no
 * one field (the body as a whole) is shown as the form's, so a refused body never fails silently.
 */
export function checkForm<V>(form: FormSchema<V>, values: V): FormErrors<keyof V & string> {
  const check = fieldErrors<unknown, keyof V & string>(form.schema, form.toInput(values));
  if (check.ok) return { fields: {} };
  const shown = withFormMessages(check.errors, form.formMessages ?? []);
  const [whole] = check.formErrors;
  return shown.form === undefined && whole !== undefined ? { ...shown, form: whole } : shown;
}

// Values that break one rule or another: missing, blank, malformed (a protocol-relative address with a space
// and a NUL), overlong (beyond every text limit of the schemas), negative, fractional, huge, of the wrong type.
const PROBES: readonly unknown[] = [
  undefined,
  null,
  '',
  '//x y\u0000',
  'x'.repeat(100_001),
  -1,
  0.5,
  1e12,
  true,
];

/**
 * The server's validation messages (the API answers only texts, docs/product.md §8) placed on the fields whose rules say
 * them. Each field of the sent body is tried, in the context of the rest of the body, with values that break
 * its rules; a message lands on the field the same schema puts it on. Messages of no field stay unplaced.
 */
export function serverFieldErrors<K extends string>(
  schema: Schema<unknown>,
  body: Partial<Record<K, unknown>>,
  messages: readonly string[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  const unplaced = new Set(messages);
  for (const field of Object.keys(body) as K[]) {
    for (const probe of PROBES) {
      if (unplaced.size === 0) return errors;
      const result = schema.safeParse({ ...body, [field]: probe });
      if (result.success) continue;
      for (const { path, message } of result.error.issues) {
        if (path[0] !== field || !unplaced.has(message)) continue;
        errors[field] ??= message;
        unplaced.delete(message);
      }
    }
  }
  return errors;
}
