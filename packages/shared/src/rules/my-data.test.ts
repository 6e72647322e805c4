import { describe, expect, it } from 'vitest';
import { confirmsEmail, DeleteMyAccountInputSchema } from '../my-data.schema';
import { deletedEmailOf, isDeletedEmail } from './erased-person';
import { MY_DATA_MESSAGES, myDataFileName } from './my-data';
import { personName } from './users';

// My data (docs/product.md §12 My data): the erased account's address and name, the file name, the confirmation.

describe('my data rules', () => {
  it('gives an erased account a unique address that no mail reaches, and names it "Deleted person"', () => {
    const email = deletedEmailOf('0b7c1f8e-0000-4000-8000-000000000001');
    expect(email).toBe('deleted-0b7c1f8e-0000-4000-8000-000000000001@deleted.invalid');
    expect(isDeletedEmail(email)).toBe(true);
    expect(isDeletedEmail('DELETED-x@Deleted.Invalid')).toBe(true);
    expect(isDeletedEmail('dusty@example.org')).toBe(false);
    expect(isDeletedEmail('dusty@deleted.invalid.example.org')).toBe(false);
    expect(personName({ firstName: null, lastName: null, email })).toBe('Deleted person');
    expect(personName({ firstName: null, lastName: null, email: 'dusty@example.org' })).toBe(
      'dusty@example.org',
    );
  });

  it('names the file by the UTC date', () => {
    expect(myDataFileName(new Date('2026-11-27T23:30:00.000-05:00'))).toBe('my-data-2026-11-28.json');
  });

  it('confirms with the account’s address, case and outer spaces aside', () => {
    expect(confirmsEmail(' Dusty@Example.ORG ', 'dusty@example.org')).toBe(true);
    expect(confirmsEmail('dusty@example.com', 'dusty@example.org')).toBe(false);
    expect(DeleteMyAccountInputSchema.safeParse({ confirmEmail: '  ' }).error?.issues[0]?.message).toBe(
      MY_DATA_MESSAGES.confirmEmailRequired,
    );
    expect(DeleteMyAccountInputSchema.safeParse({}).error?.issues[0]?.message).toBe(
      MY_DATA_MESSAGES.confirmEmailRequired,
    );
    expect(DeleteMyAccountInputSchema.safeParse({ confirmEmail: 'a@b.c', more: 1 }).success).toBe(false);
  });
});
