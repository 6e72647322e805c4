import { describe, expect, it } from 'vitest';
import { contractOf, contractViolation } from './api-contract';
import { errorResponse, jsonResponse, testConfig, testUser } from './test-utils';

describe('the fake API checked against the API response schemas', () => {
  it('matches paths with parameters, literal segments first', () => {
    expect(contractOf('GET', '/users/abc')?.key).toBe('GET /users/:id');
    expect(contractOf('GET', '/shifts/with-jobs-and-registrations')?.key).toBe(
      'GET /shifts/with-jobs-and-registrations',
    );
    expect(contractOf('GET', '/nowhere')).toBeUndefined();
  });

  it('lets through what the API could answer', async () => {
    expect(await contractViolation('GET', '/auth/profile', jsonResponse(testUser()))).toBeNull();
    expect(await contractViolation('GET', '/public/config', jsonResponse(testConfig()))).toBeNull();
    expect(await contractViolation('GET', '/users/x', errorResponse(503))).toBeNull();
    expect(await contractViolation('DELETE', '/users/x', new Response(null, { status: 204 }))).toBeNull();
  });

  it('names what a drifted fixture got wrong', async () => {
    const { phone: _phone, ...noPhone } = testUser();
    expect(await contractViolation('GET', '/auth/profile', jsonResponse(noPhone))).toMatch(/at phone/);
    expect(
      await contractViolation('GET', '/auth/profile', jsonResponse({ ...testUser(), password: 'x' })),
    ).toBe('the answer of GET /auth/profile has keys the API never sends: .password');
    expect(
      await contractViolation(
        'GET',
        '/users',
        jsonResponse({ statusCode: 503, error: 'x' }, { status: 503 }),
      ),
    ).toMatch(
      /^the error body of GET \/users \(503\) does not match the API's schema:\n.*\n {2}→ at message$/,
    );
    expect(await contractViolation('GET', '/nowhere', jsonResponse({}))).toBe(
      'GET /nowhere: no such endpoint in the API (add it to API_RESPONSE_SCHEMAS)',
    );
    expect(await contractViolation('POST', '/auth/logout', new Response('ok'))).toMatch(/answers JSON/);
  });
});
