import { describe, expect, it } from 'vitest';
import { SecretBox } from './secrets';

describe('SecretBox', () => {
  const box = new SecretBox('a'.repeat(40));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const first = box.seal('sk_test_123');
    const second = box.seal('sk_test_123');
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk_test_123');
    expect(box.open(first)).toBe('sk_test_123');
    expect(box.open(second)).toBe('sk_test_123');
  });

  it('refuses a tampered ciphertext and another secret key', () => {
    const sealed = box.seal('smtp-password');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('b'.repeat(40)).open(sealed)).toThrow();
    expect(() => box.open('not-sealed')).toThrow('Unreadable sealed secret');
  });
});
