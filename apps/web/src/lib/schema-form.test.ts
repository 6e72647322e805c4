import { CreateCampConfigInputSchema } from '@camp/shared/config';
import { CONFIG_MESSAGES, JOB_CATEGORY_REQUIRED_MESSAGE } from '@camp/shared/rules';
import { SendTestEmailInputSchema } from '@camp/shared/notifications';
import { UpdateProfileInputSchema } from '@camp/shared/users';
import { CreateJobCategoryInputSchema } from '@camp/shared/work';
import { describe, expect, it } from 'vitest';
import {
  checkForm,
  errorsOf,
  fieldErrors,
  hasErrors,
  serverFieldErrors,
  withFormMessages,
} from './schema-form';

const profile = {
  firstName: 'Dusty',
  lastName: 'Rhodes',
  playaName: null,
  phone: '555-0100',
  city: null,
  stateProvince: null,
  country: null,
  emergencyContact: 'Sandy',
};

describe('fieldErrors', () => {
  it('answers the parsed body when the schema accepts it', () => {
    expect(fieldErrors(UpdateProfileInputSchema, { ...profile, firstName: ' Dusty ' })).toEqual({
      ok: true,
      data: { ...profile, firstName: 'Dusty' },
    });
  });

  it("gives each field its first message, in the schema's order", () => {
    const check = fieldErrors(UpdateProfileInputSchema, {
      ...profile,
      phone: 'p'.repeat(51),
      firstName: '',
      lastName: 42,
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        phone: 'Phone must be at most 50 characters',
      },
      formErrors: [],
    });
    expect(Object.keys(check.ok ? {} : check.errors)).toEqual(['firstName', 'lastName', 'phone']);
  });

  it('places cross-field rules on the field they name', () => {
    expect(
      errorsOf(CreateCampConfigInputSchema, { campName: 'Camp', emailEnabled: true, smtpPort: null }),
    ).toEqual({
      smtpHost: CONFIG_MESSAGES.smtpHostRequired,
      smtpPort: CONFIG_MESSAGES.smtpPortRequired,
      senderEmail: CONFIG_MESSAGES.senderEmailRequired,
      senderName: CONFIG_MESSAGES.senderNameRequired,
    });
    expect(errorsOf(UpdateProfileInputSchema, profile)).toEqual({});
  });

  it('keeps messages about no one field apart', () => {
    expect(fieldErrors(SendTestEmailInputSchema.shape.email, ' , ')).toEqual({
      ok: false,
      errors: {},
      formErrors: ['Please enter at least one email address'],
    });
  });
});

describe('withFormMessages', () => {
  it('shows a whole-form message once and only marks its fields', () => {
    const errors = errorsOf(CreateJobCategoryInputSchema, { name: ' ', description: 'd'.repeat(501) });
    expect(errors).toEqual({
      name: JOB_CATEGORY_REQUIRED_MESSAGE,
      description: 'Description must be at most 500 characters',
    });
    const shown = withFormMessages(errors, [JOB_CATEGORY_REQUIRED_MESSAGE]);
    expect(shown).toEqual({
      form: JOB_CATEGORY_REQUIRED_MESSAGE,
      fields: { name: true, description: 'Description must be at most 500 characters' },
    });
    expect(hasErrors(shown)).toBe(true);
    expect(withFormMessages({}, [JOB_CATEGORY_REQUIRED_MESSAGE])).toEqual({ fields: {} });
    expect(hasErrors({ fields: {} })).toBe(false);
  });
});

describe('checkForm', () => {
  const form = {
    schema: CreateJobCategoryInputSchema,
    toInput: (values: { name: string; description: string }) => ({ ...values, staffOnly: false }),
    formMessages: [JOB_CATEGORY_REQUIRED_MESSAGE],
  };

  it("checks the values' request body and shows what the form shows", () => {
    expect(checkForm(form, { name: 'Kitchen', description: 'Cook' })).toEqual({ fields: {} });
    expect(checkForm(form, { name: '', description: 'Cook' })).toEqual({
      form: JOB_CATEGORY_REQUIRED_MESSAGE,
      fields: { name: true },
    });
  });

  it('shows a message about the body as a whole as the form’s, never failing silently', () => {
    const stray = { ...form, toInput: () => ({ name: 'Kitchen', description: 'Cook', colour: 'red' }) };
    const shown = checkForm(stray, { name: 'Kitchen', description: 'Cook' });
    expect(shown.fields).toEqual({});
    expect(shown.form).toMatch(/colour/);
  });
});

describe('serverFieldErrors', () => {
  it('puts a server message on the field whose rule says it, and no other', () => {
    expect(
      serverFieldErrors(UpdateProfileInputSchema, profile, [
        'Phone is required',
        'Emergency contact must be at most 1024 characters',
        'Something else',
      ]),
    ).toEqual({
      phone: 'Phone is required',
      emergencyContact: 'Emergency contact must be at most 1024 characters',
    });
  });

  it('finds cross-field rules in the context of the sent body', () => {
    const body = {
      campName: 'Camp',
      emailEnabled: true,
      smtpHost: 'smtp.x.org',
      senderEmail: 'a@x.org',
      senderName: 'A',
    };
    expect(
      serverFieldErrors(CreateCampConfigInputSchema, body, [CONFIG_MESSAGES.senderNameRequired]),
    ).toEqual({
      senderName: CONFIG_MESSAGES.senderNameRequired,
    });
    expect(serverFieldErrors(CreateCampConfigInputSchema, body, ['Something else'])).toEqual({});
  });
});
