// The calendar feed (docs/product.md §11 Calendar feed, decision 054): each person's secret iCalendar link to their
// own shifts, staff's and admins' link to the whole schedule, and the one-shift .ics download. The texts of the
// "Add to my calendar" part of the dashboard and /shifts, and the links calendar apps open.

export const CALENDAR_TEXTS = {
  title: 'Add to my calendar',
  intro:
    'Subscribe to this private link in Google Calendar, Apple Calendar or Outlook: your shifts appear there and stay up to date when they change.',
  feedLabel: 'My shifts calendar link',
  scheduleTitle: 'Whole schedule',
  scheduleIntro: 'As staff you can also subscribe to every shift of the camp (no names).',
  scheduleFeedLabel: 'Whole schedule calendar link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link: select it and copy it yourself.',
  appleOutlook: 'Open in Apple Calendar or Outlook',
  google: 'Add to Google Calendar',
  privateNote: 'Anyone with this link can see your shifts. Keep it to yourself; reset it if it got out.',
  reset: 'Reset link',
  resetTitle: 'Reset your calendar link?',
  resetMessage:
    'Your current links stop working at once, and calendars subscribed to them stop updating. Subscribe again with the new link.',
  resetConfirm: 'Reset link',
  resetDone: 'Your calendar link was reset. Subscribe again with the new link.',
  resetFailed: 'Your calendar link could not be reset. Please try again.',
  loadFailed: 'Failed to load your calendar link',
  loading: 'Loading your calendar link...',
  /** When Site Configuration has no Opening Sunday: nothing can be dated (docs/product.md §11). */
  datesNotSet:
    'The camp has not set its dates for this year yet: your shifts will appear in your calendar once it has.',
  downloadShift: 'Download .ics',
  downloadFailed: 'The calendar file could not be downloaded. Please try again.',
} as const;

export const CALENDAR_MESSAGES = {
  /** Any feed link that is not a live one: wrong, old (reset), or of someone no longer staff. Says nothing more. */
  feedNotFound: 'Calendar feed not found',
  /** A one-shift download without event dates. */
  datesNotSet: 'The camp has not set its dates yet, so this shift has no date to put in a calendar.',
  /** Too many resets in a short time. */
  tooManyResets: 'Too many calendar link resets. Please wait a while and try again.',
} as const;

/** What a feed lists: the person's own shifts, or every shift of the camp (staff and admins). */
export const CALENDAR_FEED_SCOPES = ['mine', 'schedule'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

/** GET /calendar/me: the caller's feed links. */
export interface CalendarLinks {
  /** The person's own shifts: `${PUBLIC_URL}/api/calendar/feed/<token>.ics`. */
  feedUrl: string;
  /** The whole schedule, for staff and admins; null for everyone else. */
  scheduleFeedUrl: string | null;
  /** Whether the camp has set its Opening Sunday (without it the feeds are empty). */
  datesSet: boolean;
}

/** The same feed as a webcal:// link, which Apple Calendar and Outlook open as a subscription. */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//i, 'webcal://');
}

/** Google Calendar's "add by URL" page for a feed (it takes the webcal:// form of the link). */
export function googleCalendarUrl(feedUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;
}

/** The one-shift download's file name: the job's name in safe characters, e.g. `gate-greeter.ics`. */
export function shiftIcsFileName(jobName: string): string {
  const base = jobName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'shift'}.ics`;
}

/** The name a calendar app gives a subscribed feed (X-WR-CALNAME). */
export function feedCalendarName(campName: string, scope: CalendarFeedScope): string {
  return scope === 'mine' ? `${campName}: my shifts` : `${campName}: work schedule`;
}

/** An event's title: the job, then the shift ("Greeter — Morning"). */
export const shiftEventSummary = (jobName: string, shiftName: string): string => `${jobName} — ${shiftName}`;

/**
 * An event's description: the shift's own description, the job's category and, in the whole schedule, how many
 * of its places are taken ("Signed up: 3/5"); never who.
 */
export function shiftEventDescription(parts: {
  shiftDescription: string | null;
  categoryName: string;
  signedUp?: { taken: number; max: number };
}): string {
  return [
    parts.shiftDescription?.trim() || null,
    `Category: ${parts.categoryName}`,
    parts.signedUp ? `Signed up: ${parts.signedUp.taken}/${parts.signedUp.max}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}
