import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  currentRoute,
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testAdmin,
  type ApiRoutes,
} from '../../../test/test-utils';
import { adminConfig, savedAdminConfig } from '../test-fixtures';

// tiptap needs a real browser's selection APIs; here a labelled textarea stands in for the editor.
vi.mock('../components/rich-text-editor', () => ({
  default: ({
    value,
    onChange,
    labelId,
  }: {
    value: string;
    onChange: (html: string) => void;
    labelId: string;
  }) => (
    <textarea
      aria-labelledby={labelId}
      value={value}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.currentTarget.value)}
    />
  ),
}));

function openConfiguration(routes: ApiRoutes) {
  return renderSignedIn('/admin/configuration', testAdmin, {
    'GET /notifications/email/test/history': () => jsonResponse({ testEmails: [] }),
    ...routes,
  });
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
/** Waits for the stored configuration to fill the form. */
async function formLoaded() {
  await waitFor(() => expect(field(/^Camp name/).value).toBe('Camp Dusty Gulch'));
}
const save = (name: RegExp = /Configuration$/) => fireEvent.click(screen.getByRole('button', { name }));

describe('Site Configuration: no configuration yet', { timeout: 20_000 }, () => {
  it('shows the blank form with the defaults and creates the configuration with POST', async () => {
    const posted: unknown[] = [];
    const { calls } = openConfiguration({
      'GET /core-config/current': () => errorResponse(404, 'Configuration not found'),
      'POST /core-config': ({ body }) => {
        posted.push(body);
        return jsonResponse(savedAdminConfig(body), { status: 201 });
      },
    });

    expect(await screen.findByRole('heading', { name: 'Site Configuration', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');
    await screen.findByLabelText(/^Camp name/);
    expect(field('Registration open')).toBeChecked();
    expect(field(/^SMTP Port/).value).toBe('587');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe('UTC');
    expect(field('PayPal mode').value).toBe('sandbox');
    const paypal = field(/Enable PayPal payments \(not yet implemented\)/);
    expect(paypal).toBeDisabled();

    save(/Create Configuration/);
    expect(
      await screen.findByText('Please fix the validation errors before submitting.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Camp name is required')).toBeInTheDocument();
    expect(document.activeElement).toBe(field(/^Camp name/));
    expect(calls).not.toContain('POST /core-config');

    type(/^Camp name/, 'Camp Lantern');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Home page blurb' }), {
      target: { value: '<h2>Hello</h2>' },
    });
    save(/Create Configuration/);

    expect(await screen.findByText('Configuration created successfully!')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      campName: 'Camp Lantern',
      homePageBlurb: '<h2>Hello</h2>',
      registrationOpen: true,
      smtpPort: 587,
      timeZone: 'UTC',
      replyTo: null,
    });
    expect(posted[0]).not.toHaveProperty('smtpPassword');
    expect(calls).not.toContain('PATCH /core-config/current');
    // The header and home page read the public configuration again at once.
    await waitFor(() =>
      expect(calls.filter((call) => call === 'GET /public/config').length).toBeGreaterThan(1),
    );
    // Saved: the button now saves changes to the stored configuration.
    expect(screen.getByRole('button', { name: 'Save Configuration' })).toBeInTheDocument();
  });
});

describe('Site Configuration: a stored configuration', { timeout: 20_000 }, () => {
  it('saves with PATCH, keeps blank secrets out, and says the stored ones are kept', async () => {
    const patched: Record<string, unknown>[] = [];
    openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig()),
      'PATCH /core-config/current': ({ body }) => {
        patched.push(body as Record<string, unknown>);
        return jsonResponse(savedAdminConfig(body));
      },
    });

    await formLoaded();
    const apiKey = field(/^Stripe secret API key/);
    expect(apiKey.value).toBe('');
    expect(screen.getAllByText('A value is saved. Leave blank to keep it.')).toHaveLength(2);

    type(/^Camp name/, 'Camp Dusty Gulch 2');
    type(/^Stripe webhook secret/, 'whsec_new');
    save();

    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(patched).toHaveLength(1);
    const body = patched[0] ?? {};
    expect(body.campName).toBe('Camp Dusty Gulch 2');
    expect(body.stripeWebhookSecret).toBe('whsec_new');
    expect(body).not.toHaveProperty('stripeApiKey');
    expect(body).not.toHaveProperty('smtpPassword');
    expect(body).not.toHaveProperty('paypalClientSecret');
  });

  it('edits the offer hold time (docs/product.md §10): whole hours from 1 to 720, checked before sending', async () => {
    const patched: Record<string, unknown>[] = [];
    const { calls } = openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig({ offerHoldHours: 48 })),
      'PATCH /core-config/current': ({ body }) => {
        patched.push(body as Record<string, unknown>);
        return jsonResponse(savedAdminConfig(body));
      },
    });
    await formLoaded();
    expect(field(/^Offer hold time \(hours\)/).value).toBe('48');
    expect(
      screen.getByText(
        'How long a waitlist offer holds its places before they go to the next person in line.',
      ),
    ).toBeInTheDocument();
    type(/^Offer hold time \(hours\)/, '721');
    save();
    expect(
      await screen.findByText('Offer hold time must be a whole number of hours from 1 to 720'),
    ).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
    type(/^Offer hold time \(hours\)/, '72');
    save();
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(patched).toHaveLength(1);
    expect(patched[0]?.offerHoldHours).toBe(72);
  });

  it('edits the payment deadline and its automatic release (docs/product.md §10)', async () => {
    const patched: Record<string, unknown>[] = [];
    const { calls } = openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig({ paymentDeadlineDays: null })),
      'PATCH /core-config/current': ({ body }) => {
        patched.push(body as Record<string, unknown>);
        return jsonResponse(savedAdminConfig(body));
      },
    });
    await formLoaded();
    expect(field(/^Payment deadline \(days\)/).value).toBe('');
    expect(
      screen.getByText(
        'Days to pay after a waitlist offer is accepted or a place is won. Leave empty for no deadline.',
      ),
    ).toBeInTheDocument();
    const release = screen.getByRole('switch', {
      name: /Release unpaid places automatically/,
    }) as HTMLInputElement;
    expect(release.checked).toBe(false);
    type(/^Payment deadline \(days\)/, '91');
    save();
    expect(
      await screen.findByText(
        'Payment deadline must be a whole number of days from 1 to 90, or empty for none',
      ),
    ).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
    type(/^Payment deadline \(days\)/, '14');
    fireEvent.click(release);
    save();
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(patched).toHaveLength(1);
    expect(patched[0]).toMatchObject({ paymentDeadlineDays: 14, paymentAutoRelease: true });
  });

  it('edits the application window (docs/product.md §10) in the camp’s time zone: both or neither, closing after opening', async () => {
    const patched: Record<string, unknown>[] = [];
    const { calls } = openConfiguration({
      'GET /core-config/current': () =>
        jsonResponse(
          adminConfig({
            drawOpensAt: '2026-03-01T17:00:00.000Z',
            drawClosesAt: '2026-03-07T17:00:00.000Z',
          }),
        ),
      'PATCH /core-config/current': ({ body }) => {
        patched.push(body as Record<string, unknown>);
        return jsonResponse(savedAdminConfig(body));
      },
    });
    await formLoaded();
    // Los Angeles wall-clock times (the fixture's time zone; summer time from March 8).
    expect(field('Application window opens').value).toBe('2026-03-01T09:00');
    expect(field('Application window closes').value).toBe('2026-03-07T09:00');
    type('Application window closes', '');
    save();
    expect(
      await screen.findByText('Set both when the application window opens and when it closes, or neither'),
    ).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
    type('Application window closes', '2026-02-01T09:00');
    save();
    expect(await screen.findByText('The application window must close after it opens')).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
    type('Application window closes', '2026-03-10T18:30');
    save();
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(patched[0]).toMatchObject({
      drawOpensAt: '2026-03-01T17:00:00.000Z',
      drawClosesAt: '2026-03-11T01:30:00.000Z',
    });
  });

  it('sets Opening Sunday (docs/product.md §11) and shows the festival calendar that follows from it', async () => {
    const patched: Record<string, unknown>[] = [];
    const { calls } = openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig({ openingSunday: null })),
      'PATCH /core-config/current': ({ body }) => {
        patched.push(body as Record<string, unknown>);
        return jsonResponse(savedAdminConfig(body));
      },
    });
    await formLoaded();
    expect(field(/^Opening Sunday/).value).toBe('');
    expect(screen.queryByRole('region', { name: 'Festival calendar' })).not.toBeInTheDocument();
    type(/^Opening Sunday/, '2027-08-30');
    save();
    expect(
      await screen.findByText('Opening Sunday must be a date (YYYY-MM-DD) that falls on a Sunday'),
    ).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
    type(/^Opening Sunday/, '2027-08-29');
    const calendar = await screen.findByRole('region', { name: 'Festival calendar' });
    const rows = within(calendar)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Pre-OpeningSat, Aug 28',
      'Opening SundaySun, Aug 29',
      'MondayMon, Aug 30',
      'TuesdayTue, Aug 31',
      'WednesdayWed, Sep 1',
      'ThursdayThu, Sep 2',
      'FridayFri, Sep 3',
      'SaturdaySat, Sep 4',
      'Closing SundaySun, Sep 5',
      'Post-EventMon, Sep 6',
    ]);
    save();
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(patched[0]).toMatchObject({ openingSunday: '2027-08-29' });
  });

  it('sets the day shift changes close (docs/product.md §11 Changing my shifts), and empties it', async () => {
    const patched: Record<string, unknown>[] = [];
    openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig({ shiftChangesClose: '2027-09-05' })),
      'PATCH /core-config/current': ({ body }) => {
        patched.push(body as Record<string, unknown>);
        return jsonResponse(savedAdminConfig(body));
      },
    });
    await formLoaded();
    expect(field(/^Shift changes close/).value).toBe('2027-09-05');
    expect(
      screen.getByText(/on which people may drop and take shifts on their own after registration has closed/),
    ).toBeInTheDocument();
    type(/^Shift changes close/, '2027-09-02');
    save();
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(patched[0]).toMatchObject({ shiftChangesClose: '2027-09-02' });
    type(/^Shift changes close/, '');
    save();
    await waitFor(() => expect(patched).toHaveLength(2));
    expect(patched[1]).toMatchObject({ shiftChangesClose: null });
  });

  it('checks the e-mail rules before sending anything', async () => {
    const { calls } = openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig({ emailEnabled: false, smtpHost: null })),
    });
    await formLoaded();
    fireEvent.click(field('Enable email notifications'));
    type(/^Sender Email/, 'not-an-address');
    save();
    expect(
      await screen.findByText('Please fix the validation errors before submitting.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('SMTP Host is required when email notifications are enabled'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sender Email must be a valid email address')).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
  });

  it('lists the server’s validation messages with the headline', async () => {
    openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig()),
      'PATCH /core-config/current': () =>
        errorResponse(400, ['Sender Name is required when email notifications are enabled', 'Other rule']),
    });
    await formLoaded();
    save();
    const alerts = await screen.findAllByText(
      'Configuration has validation errors. Please check the form and try again.',
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.getByText('Other rule')).toBeInTheDocument();
  });

  it('shows a single server message as Error: {message}', async () => {
    openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig()),
      'PATCH /core-config/current': () => errorResponse(403, 'Forbidden'),
    });
    await formLoaded();
    save();
    expect((await screen.findAllByText('Error: Forbidden')).length).toBeGreaterThan(0);
  });
});

describe('Site Configuration: load failure', { timeout: 20_000 }, () => {
  it('says so and loads again on request', async () => {
    let fail = true;
    openConfiguration({
      'GET /core-config/current': () => (fail ? errorResponse(503) : jsonResponse(adminConfig())),
    });
    const title = await screen.findByText('Failed to load configuration. Please try again.');
    const alert = title.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('The load failure is not an alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await formLoaded();
  });
});

describe('Site Configuration: unsaved changes', { timeout: 20_000 }, () => {
  it('says what is unsaved, discards it, and asks before a link leaves it behind', async () => {
    const { calls } = openConfiguration({ 'GET /core-config/current': () => jsonResponse(adminConfig()) });
    await formLoaded();
    const state = screen.getByTestId('save-state');
    expect(state.textContent).toBe('All changes saved');
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();

    type(/^Camp name/, 'Camp Renamed');
    type(/^SMTP Host/, 'mail.example.org');
    expect(state.textContent).toBe('Unsaved changes (2 fields)');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field(/^Camp name/).value).toBe('Camp Dusty Gulch');
    expect(state.textContent).toBe('All changes saved');

    type(/^Camp name/, 'Camp Renamed');
    fireEvent.click(screen.getByRole('link', { name: /Back to Admin/ }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay on page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field(/^Camp name/).value).toBe('Camp Renamed');
    expect(screen.getByRole('heading', { name: 'Site Configuration', level: 2 })).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /core-config/current');
  });

  it('signs out without asking: the session is over, there is nothing left to save', async () => {
    const { calls } = openConfiguration({
      'GET /core-config/current': () => jsonResponse(adminConfig()),
      'POST /auth/logout': () => jsonResponse({ success: true }),
    });
    await formLoaded();
    type(/^Camp name/, 'Camp Renamed');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    act(() => within(nav).getAllByRole('button', { name: 'Sign Out' })[0]?.click());

    await waitFor(() => expect(currentRoute()).toBe('/'));
    expect(calls).toContain('POST /auth/logout');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await within(nav).findAllByRole('link', { name: 'Sign In' })).length).toBeGreaterThan(0);
  });
});
