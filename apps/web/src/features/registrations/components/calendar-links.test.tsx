import { CALENDAR_TEXTS, type CalendarLinks as CalendarLinksDto } from '@camp/shared/rules';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderSignedIn,
  renderWithProviders,
  signedInApi,
  testConfig,
  testUser,
} from '../../../test/test-utils';
import { kitchen, testJob, testRegistration } from '../../../test/registration-fixtures';
import { CalendarLinks, DownloadShiftIcs } from './calendar-links';

// "Add to my calendar" (docs/product.md §11 Calendar feed): the feed link, its copy and subscribe links, the reset,
// the staff's schedule link, and one shift's .ics download on /shifts.

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const FEED =
  'https://camp.example.org/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const SCHEDULE =
  'https://camp.example.org/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAA.CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC.ics';
const NEW_FEED =
  'https://camp.example.org/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAA.DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD.ics';
const links = (overrides: Partial<CalendarLinksDto> = {}): CalendarLinksDto => ({
  feedUrl: FEED,
  scheduleFeedUrl: null,
  datesSet: true,
  ...overrides,
});
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const icsResponse = () =>
  new Response(ICS, { status: 200, headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });

function renderLinks(answer: () => Response, more: Parameters<typeof signedInApi>[1] = {}) {
  const api = signedInApi(testUser(), { 'GET /calendar/me': answer, ...more });
  renderWithProviders(<CalendarLinks />);
  return api;
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Add to my calendar' })).closest('section') as HTMLElement;

describe('CalendarLinks', () => {
  it("shows the person's feed link to copy, and links that subscribe in Apple Calendar, Outlook and Google", async () => {
    renderLinks(() => jsonResponse(links()));
    const section = await card();
    const input = await within(section).findByLabelText('My shifts calendar link');
    expect(input).toHaveValue(FEED);
    expect(input).toHaveAttribute('readonly');
    expect(within(section).getByText(CALENDAR_TEXTS.intro)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open in Apple Calendar or Outlook' })).toHaveAttribute(
      'href',
      FEED.replace('https://', 'webcal://'),
    );
    const google = within(section).getByRole('link', { name: 'Add to Google Calendar' });
    expect(google).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(FEED.replace('https://', 'webcal://'))}`,
    );
    expect(google).toHaveAttribute('target', '_blank');
    expect(google).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(section).getByText(CALENDAR_TEXTS.privateNote)).toBeInTheDocument();
    expect(within(section).queryByLabelText('Whole schedule calendar link')).not.toBeInTheDocument();
    expect(within(section).queryByText('Whole schedule')).not.toBeInTheDocument();
  });

  it('shows staff the whole schedule link as well', async () => {
    renderLinks(() => jsonResponse(links({ scheduleFeedUrl: SCHEDULE })));
    const section = await card();
    expect(await within(section).findByLabelText('Whole schedule calendar link')).toHaveValue(SCHEDULE);
    expect(within(section).getByText('Whole schedule')).toBeInTheDocument();
    expect(within(section).getAllByRole('link', { name: 'Add to Google Calendar' })).toHaveLength(2);
  });

  it('copies the link, and says so; says how to copy it by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderLinks(() => jsonResponse(links()));
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'Copy link' }));
    expect(await within(section).findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(FEED);
    expect(within(section).getByRole('status')).toHaveTextContent('Link copied');
    fireEvent.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(await within(section).findByText(CALENDAR_TEXTS.copyFailed)).toBeInTheDocument();
  });

  it('resets the link after a confirmation and shows the new one', async () => {
    const reset = vi.fn(() => jsonResponse(links({ feedUrl: NEW_FEED })));
    renderLinks(() => jsonResponse(links()), { 'POST /calendar/me/reset': reset });
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    expect(within(dialog).getByText(CALENDAR_TEXTS.resetMessage)).toBeInTheDocument();
    // Cancel first: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reset).not.toHaveBeenCalled();

    fireEvent.click(within(section).getByRole('button', { name: 'Reset link' }));
    const again = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Reset link' }));
    await waitFor(() =>
      expect(within(section).getByLabelText('My shifts calendar link')).toHaveValue(NEW_FEED),
    );
    expect(reset).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(CALENDAR_TEXTS.resetDone)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the old link and says so when the reset fails', async () => {
    renderLinks(() => jsonResponse(links()), {
      'POST /calendar/me/reset': () =>
        errorResponse(429, 'Too many calendar link resets. Please wait a while and try again.'),
    });
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(CALENDAR_TEXTS.resetFailed);
    expect(within(section).getByLabelText('My shifts calendar link')).toHaveValue(FEED);
  });

  it('says the camp has not set its dates yet, and shows no link, while there are none', async () => {
    renderLinks(() => jsonResponse(links({ datesSet: false })));
    const section = await card();
    expect(await within(section).findByText(CALENDAR_TEXTS.datesNotSet)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Reset link' })).not.toBeInTheDocument();
  });

  it('offers a retry when the links cannot be read', async () => {
    renderLinks(() => errorResponse(503));
    const section = await card();
    expect(await within(section).findByText('Failed to load your calendar link')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('DownloadShiftIcs', () => {
  it('fetches the shift with the session and saves it as a file named by its job', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:ics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('gate-greeter.ics');
      expect(this.href).toBe('blob:ics');
    });
    const { calls } = signedInApi(testUser(), { 'GET /calendar/jobs/job-1.ics': icsResponse });
    renderWithProviders(<DownloadShiftIcs job={{ id: 'job-1', name: 'Gate Greeter' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download .ics: Gate Greeter' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls).toContain('GET /calendar/jobs/job-1.ics');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe('text/calendar');
    expect(await saved[0]!.text()).toBe(ICS);
  });

  it('says so when the file cannot be fetched', async () => {
    signedInApi(testUser(), {
      'GET /calendar/jobs/job-1.ics': () =>
        errorResponse(
          409,
          'The camp has not set its dates yet, so this shift has no date to put in a calendar.',
        ),
    });
    renderWithProviders(<DownloadShiftIcs job={{ id: 'job-1', name: 'Gate Greeter' }} />);
    const button = screen.getByRole('button', { name: 'Download .ics: Gate Greeter' });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(CALENDAR_TEXTS.downloadFailed);
    expect(button).toHaveAccessibleDescription(CALENDAR_TEXTS.downloadFailed);
  });
});

describe('on /shifts', () => {
  /** The person's registration as GET /registrations/me answers it (its jobs carry no waitlist flag). */
  const myRegistration = () => {
    const registration = testRegistration();
    return {
      ...registration,
      jobs: registration.jobs.map(({ job, ...link }) => {
        const { waitlistEnabled: _dropped, ...summary } = job as typeof job & { waitlistEnabled?: boolean };
        return { ...link, job: summary };
      }),
    };
  };
  const openShifts = (openingSunday: string | null) =>
    renderSignedIn(
      '/shifts',
      testUser(),
      {
        'GET /registrations/me': () => jsonResponse([myRegistration()]),
        'GET /jobs': () => jsonResponse([testJob(kitchen)]),
        'GET /calendar/me': () => jsonResponse(links({ datesSet: openingSunday !== null })),
      },
      testConfig({ openingSunday }),
    );

  it("offers each of the person's own shifts as an .ics download, and the calendar card, once the camp has dates", async () => {
    openShifts('2026-08-30');
    const mine = (await screen.findByRole('heading', { name: 'My Assigned Shifts' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      await within(mine).findByRole('button', { name: 'Download .ics: Breakfast crew' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('My shifts calendar link')).toHaveValue(FEED);
    const available = (await screen.findByRole('heading', { name: 'Available Shifts' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(available).queryByRole('button', { name: /Download \.ics/ })).not.toBeInTheDocument();
  });

  it('offers no download without dates', async () => {
    openShifts(null);
    const mine = (await screen.findByRole('heading', { name: 'My Assigned Shifts' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(mine).findByText('Breakfast crew')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Download \.ics/ })).not.toBeInTheDocument();
    expect(await screen.findByText(CALENDAR_TEXTS.datesNotSet)).toBeInTheDocument();
  });
});
