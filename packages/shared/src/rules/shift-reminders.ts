// Shift reminders by e-mail (docs/product.md §11, decision 055): whether and how long before a shift the camp
// reminds the people on it, and the mails' texts.

/** Hours before a shift's start its reminder goes out, by default and the range Site Configuration accepts. */
export const SHIFT_REMINDER_HOURS_DEFAULT = 24;
export const SHIFT_REMINDER_HOURS_MIN = 1;
export const SHIFT_REMINDER_HOURS_MAX = 168;

/** A reminder row: the first mail about a shift, or a correction after its time changed. */
export const SHIFT_REMINDER_KINDS = ['REMINDER', 'CORRECTION'] as const;
export type ShiftReminderKind = (typeof SHIFT_REMINDER_KINDS)[number];

export const SHIFT_REMINDER_MESSAGES = {
  hours: `Shift reminder time must be a whole number of hours from ${SHIFT_REMINDER_HOURS_MIN} to ${SHIFT_REMINDER_HOURS_MAX}, or empty for no reminders`,
} as const;

export const SHIFT_REMINDER_TEXTS = {
  hoursLabel: 'Shift reminders (hours before)',
  hoursHelp:
    'How long before a shift its people get a reminder e-mail. Leave empty for no reminders. Reminders need the event dates (Opening Sunday).',
} as const;

/** What a reminder names: the job with its shift, where, and when (already formatted in the camp's time zone). */
export interface ShiftReminderFacts {
  job: string;
  location: string;
  when: string;
  description: string | null;
}

export const SHIFT_REMINDER_MAILS = {
  reminderSubject: (campName: string, job: string) => `${campName}: your shift ${job} is coming up`,
  reminderLines: (facts: ShiftReminderFacts) => [
    `Your shift ${facts.job} is on ${facts.when}.`,
    `Location: ${facts.location}.`,
    ...(facts.description ? [facts.description] : []),
  ],
  correctionSubject: (campName: string, job: string) => `${campName}: new time for your shift ${job}`,
  correctionLines: (facts: ShiftReminderFacts, before: string) => [
    `The time of your shift ${facts.job} has changed: it is now on ${facts.when} (it was on ${before}).`,
    `Location: ${facts.location}.`,
    ...(facts.description ? [facts.description] : []),
  ],
} as const;
