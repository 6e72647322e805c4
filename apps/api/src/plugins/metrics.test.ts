import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { emailOutbox } from '../db/schema/index';

const TOKEN = 'scrape-me-0123456789abcdef';

describe('GET /api/metrics', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([
      createTestApp({ envOverrides: { METRICS_TOKEN: TOKEN } }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([on.close(), off.close()]);
  });

  it('is off without METRICS_TOKEN: 404 like any unknown route, even with a token', async () => {
    const response = await off.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/metrics not found',
    });
  });

  it('answers only the scraper holding the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789ab', `Basic ${TOKEN}`, TOKEN]) {
      const response = await on.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('camp_http_requests_total');
    }
  });

  it('counts requests by route and status, submissions by outcome, and the outbox backlog', async () => {
    await on.app.inject({ method: 'GET', url: '/api/public/config' });
    await on.app.inject({ method: 'GET', url: '/api/public/config' });
    await on.app.inject({ method: 'GET', url: '/api/no-such-route' });
    await on.app.inject({ method: 'POST', url: '/api/registrations/camp', payload: {} });
    const later = new Date(Date.now() + 3_600_000);
    await on.database.db.insert(emailOutbox).values([
      { toAddress: 'a@example.org', subject: 'A', html: '<p>A</p>', text: 'A', nextAttemptAt: later },
      { toAddress: 'b@example.org', subject: 'B', html: '<p>B</p>', text: 'B', nextAttemptAt: later },
      { toAddress: 'c@example.org', subject: 'C', html: '<p>C</p>', text: 'C', status: 'FAILED' },
    ]);

    const response = await on.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain(
      'camp_http_requests_total{method="GET",route="/api/public/config",status_code="200"} 2',
    );
    expect(lines).toContain('camp_http_requests_total{method="GET",route="unmatched",status_code="404"} 1');
    expect(lines).toContain(
      'camp_http_request_duration_seconds_count{method="GET",route="/api/public/config"} 2',
    );
    expect(lines).toContain('camp_registration_submissions_total{outcome="invalid"} 1');
    expect(lines).toContain('camp_email_outbox_messages{status="PENDING"} 2');
    expect(lines).toContain('camp_email_outbox_messages{status="FAILED"} 1');
    expect(lines).toContain('camp_email_outbox_messages{status="SENT"} 0');
    const oldest = lines.find((line) => line.startsWith('camp_email_outbox_oldest_pending_seconds '));
    expect(Number(oldest?.split(' ')[1])).toBeGreaterThanOrEqual(0);
    expect(lines.some((line) => line.startsWith('camp_process_cpu_user_seconds_total '))).toBe(true);
  });
});
