import { WAITLIST_JOIN_TEXTS, WAITLIST_TEXTS } from '@camp/shared';
import type { OutboxMail } from '../mail/outbox';
import { forYear, type PaymentMailContext, personMail } from '../payments/payment-mail';

/** A waitlisted person's place in one option's line, as the join mail states it (1 is next). */
export interface LinePosition {
  name: string;
  position: number;
}

/** "You joined the waitlist" (docs/product.md §10): the options waited for and the person's place in each line. */
export function joinedWaitlistMail(
  context: PaymentMailContext,
  joined: { positions: readonly LinePosition[]; jobs: readonly string[] },
): OutboxMail {
  return personMail(context, WAITLIST_JOIN_TEXTS.joinedSubject(context.campName, forYear(context)), [
    WAITLIST_JOIN_TEXTS.joinedIntro(context.campName, forYear(context)),
    ...joined.positions.map((line) => WAITLIST_TEXTS.position(line.position, line.name)),
    `Work shifts: ${joined.jobs.length > 0 ? joined.jobs.join('; ') : 'none'}`,
  ]);
}

/** "You left the waitlist": the registration is cancelled. */
export function leftWaitlistMail(context: PaymentMailContext): OutboxMail {
  return personMail(context, WAITLIST_JOIN_TEXTS.leftSubject(context.campName, forYear(context)), [
    WAITLIST_JOIN_TEXTS.leftIntro(context.campName, forYear(context)),
  ]);
}
