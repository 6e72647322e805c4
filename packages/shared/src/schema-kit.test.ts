import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminUpdateUserInputSchema,
  CancelRegistrationInputSchema,
  CreateCampingOptionInputSchema,
  CreateJobCategoryInputSchema,
  CreateJobInputSchema,
  CreateShiftInputSchema,
  ManualPaymentInputSchema,
  UpdateCampConfigInputSchema,
  UpdateProfileInputSchema,
  UserListQuerySchema,
} from './index';
import {
  controlCharacters,
  optionalFields,
  optionalText,
  textCharacterProblem,
  textCharacters,
} from './schema-kit';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

// Every C0 control but the three line-breaking ones multi-line text keeps, DEL, C1, bidi overrides/isolates.
const ALWAYS_REFUSED = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  0x7f,
  0x80,
  0x85,
  0x9f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((code) => String.fromCodePoint(code));

describe('textCharacterProblem', () => {
  it('answers one message for a control character, NUL keeping its own', () => {
    expect(controlCharacters('Name')).toBe('Name must not contain control characters');
    expect(textCharacterProblem('Ada\u0007', 'Name', 'single-line')).toBe(
      'Name must not contain control characters',
    );
    expect(textCharacterProblem('A\0da', 'Name', 'single-line')).toBe(
      'Name contains a character that is not allowed',
    );
    expect(textCharacterProblem('A\0da', 'Notes', 'multi-line')).toBe(
      'Notes contains a character that is not allowed',
    );
  });

  it('refuses the same characters in single- and multi-line text', () => {
    for (const character of ALWAYS_REFUSED.filter((c) => c !== '\0')) {
      const text = `Ada${character}Lovelace`;
      expect(textCharacterProblem(text, 'Name', 'single-line'), JSON.stringify(text)).toBe(
        controlCharacters('Name'),
      );
      expect(textCharacterProblem(text, 'Notes', 'multi-line'), JSON.stringify(text)).toBe(
        controlCharacters('Notes'),
      );
    }
  });

  it('keeps tab, line feed, carriage return and the Unicode line separators only in multi-line text', () => {
    for (const character of ['\t', '\n', '\r', '\r\n', '\u2028', '\u2029']) {
      const text = `Ada${character}Lovelace`;
      expect(textCharacterProblem(text, 'Name', 'single-line'), JSON.stringify(text)).toBe(
        controlCharacters('Name'),
      );
      expect(textCharacterProblem(text, 'Notes', 'multi-line'), JSON.stringify(text)).toBeNull();
    }
  });

  it('takes ordinary text of any script, with its marks', () => {
    for (const text of [
      'Ada Lovelace',
      'Zoë Ñúñez-O’Brien',
      'محمد',
      'שלום\u200Fעולם', // RIGHT-TO-LEFT MARK stays allowed
      '李小龍',
      'Dusty 🌵',
      'non\u00A0breaking',
    ]) {
      expect(textCharacterProblem(text, 'Name', 'single-line'), text).toBeNull();
      expect(textCharacterProblem(text, 'Notes', 'multi-line'), text).toBeNull();
    }
  });
});

describe('textCharacters and optionalText', () => {
  const single = z.string().trim().superRefine(textCharacters('City', 'single-line'));

  it('checks the value after trim: a trailing newline that trim removes is no error', () => {
    expect(single.parse('  Reno\n')).toBe('Reno');
    expect(issues(single.safeParse('Re\nno'))).toEqual(['City must not contain control characters']);
  });

  it('optionalText is single-line unless told otherwise, and keeps its other rules', () => {
    expect(issues(optionalText('City', 10).safeParse('Re\u0000no'))).toEqual([
      'City contains a character that is not allowed',
    ]);
    expect(issues(optionalText('City', 10).safeParse('Re\tno'))).toEqual([
      'City must not contain control characters',
    ]);
    expect(optionalText('Notes', 20, 'multi-line').parse(' a\nb ')).toBe('a\nb');
    expect(optionalText('City', 10).parse('   ')).toBeNull();
    expect(optionalText('City', 10).parse(null)).toBeNull();
    expect(optionalText('City', 10).parse(undefined)).toBeNull();
    expect(issues(optionalText('City', 3).safeParse('Reno'))).toEqual(['City must be at most 3 characters']);
  });
});

describe('the area schemas refuse control characters', () => {
  const profile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '555-0100',
    emergencyContact: 'Charles Babbage\n555-0101',
  };

  it('in a person’s names, phone and places, while the emergency contact keeps its line breaks', () => {
    expect(UpdateProfileInputSchema.parse(profile).emergencyContact).toBe('Charles Babbage\n555-0101');
    expect(
      issues(
        UpdateProfileInputSchema.safeParse({
          ...profile,
          firstName: 'Ada\u0007',
          lastName: 'Love\nlace',
          playaName: 'Sparkle\u202E',
          phone: '555\t0100',
          city: 'Re\u001Bno',
          stateProvince: 'N\u007FV',
          country: 'U\u2028SA',
          emergencyContact: 'Charles\u0000',
        }),
      ),
    ).toEqual([
      'First name must not contain control characters',
      'Last name must not contain control characters',
      'Playa name must not contain control characters',
      'Phone must not contain control characters',
      'City must not contain control characters',
      'State/Province must not contain control characters',
      'Country must not contain control characters',
      'Emergency contact contains a character that is not allowed',
    ]);
    expect(issues(AdminUpdateUserInputSchema.safeParse({ firstName: 'Ada\nLovelace' }))).toEqual([
      'First name must not contain control characters',
    ]);
    expect(issues(UserListQuerySchema.safeParse({ search: 'ada\u0008' }))).toEqual([
      'Search must not contain control characters',
    ]);
  });

  it('in the camp configuration’s single-line texts', () => {
    expect(
      issues(
        UpdateCampConfigInputSchema.safeParse({
          campName: 'Camp\nDust',
          campBannerAltText: 'Banner\u0007',
          senderName: 'Camp\r\nBcc: x@example.org',
        }),
      ),
    ).toEqual([
      'Camp name must not contain control characters',
      'Banner alt text must not contain control characters',
      'Sender Name must not contain control characters',
    ]);
    // HTML fields are sanitized on save, not checked here.
    expect(UpdateCampConfigInputSchema.parse({ homePageBlurb: '<p>a</p>\n<p>b</p>' }).homePageBlurb).toBe(
      '<p>a</p>\n<p>b</p>',
    );
  });

  it('in work names and places, while descriptions keep their line breaks', () => {
    expect(
      CreateJobCategoryInputSchema.parse({ name: 'Kitchen', description: 'Cooking\n\tand cleaning' })
        .description,
    ).toBe('Cooking\n\tand cleaning');
    expect(
      issues(CreateJobCategoryInputSchema.safeParse({ name: 'Kit\nchen', description: 'x\u0007' })),
    ).toEqual([
      'Name must not contain control characters',
      'Description must not contain control characters',
    ]);
    const shift = { dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '12:00' };
    expect(CreateShiftInputSchema.parse({ ...shift, name: 'Lunch', description: 'a\nb' }).description).toBe(
      'a\nb',
    );
    expect(issues(CreateShiftInputSchema.safeParse({ ...shift, name: 'Lu\tnch' }))).toEqual([
      'Name must not contain control characters',
    ]);
    expect(
      issues(
        CreateJobInputSchema.safeParse({
          name: 'Cook\u0085',
          location: 'Ga\u2029te',
          categoryId: '00000000-0000-4000-8000-000000000001',
          shiftId: '00000000-0000-4000-8000-000000000002',
        }),
      ),
    ).toEqual(['Name must not contain control characters', 'Location must not contain control characters']);
  });

  it('in camping option names, payment references and registration reasons', () => {
    expect(issues(CreateCampingOptionInputSchema.safeParse({ name: 'Tent\u0007' }))).toContain(
      'Name must not contain control characters',
    );
    expect(
      issues(
        ManualPaymentInputSchema.safeParse({
          registrationId: '00000000-0000-4000-8000-000000000001',
          amount: 10,
          method: 'CASH',
          reference: 'Receipt\n42',
        }),
      ),
    ).toContain('Reference must not contain control characters');
    expect(CancelRegistrationInputSchema.parse({ reason: 'Asked by phone.\nRefund agreed.' }).reason).toBe(
      'Asked by phone.\nRefund agreed.',
    );
    expect(issues(CancelRegistrationInputSchema.safeParse({ reason: 'Asked by phone\u001B[2J' }))).toEqual([
      'Reason must not contain control characters',
    ]);
  });
});

describe('optionalFields', () => {
  it('makes each field optional, and leaves those named as they are', () => {
    const name = z.string();
    const description = z.string().nullish();
    const fields = optionalFields({ name, description }, 'description');
    expect(fields.name).toBeInstanceOf(z.ZodOptional);
    expect(fields.name.unwrap()).toBe(name);
    expect(fields.description).toBe(description);
    expect(z.strictObject(fields).parse({})).toEqual({});
  });
});
