import { describe, expect, it } from 'vitest';
import { personName } from './users';

describe('personName', () => {
  it('is the first and last name, either alone, else the e-mail', () => {
    const email = 'dusty@example.org';
    expect(personName({ firstName: 'Dusty', lastName: 'Rhodes', email })).toBe('Dusty Rhodes');
    expect(personName({ firstName: 'Dusty', lastName: null, email })).toBe('Dusty');
    expect(personName({ firstName: '  ', lastName: 'Rhodes', email })).toBe('Rhodes');
    expect(personName({ firstName: null, lastName: '', email })).toBe(email);
  });
});
