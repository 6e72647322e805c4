import { describe, expect, it } from 'vitest';
import { hashRouteFor } from './path-to-hash';

describe('hashRouteFor', () => {
  it('moves a plain path and its query behind the hash', () => {
    expect(hashRouteFor({ pathname: '/dashboard', search: '', hash: '' })).toBe('/#/dashboard');
    expect(hashRouteFor({ pathname: '/payment/success', search: '?session_id=cs_1', hash: '' })).toBe(
      '/#/payment/success?session_id=cs_1',
    );
  });

  it('leaves the root and addresses that already have a hash route alone', () => {
    expect(hashRouteFor({ pathname: '/', search: '', hash: '' })).toBeNull();
    expect(hashRouteFor({ pathname: '/index.html', search: '', hash: '' })).toBeNull();
    expect(hashRouteFor({ pathname: '/', search: '', hash: '#/login' })).toBeNull();
  });
});
