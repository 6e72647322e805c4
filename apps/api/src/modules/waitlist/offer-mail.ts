import { formatDateTimeInZone, WAITLIST_MAILS } from '@camp/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campConfig, campingOptions, registrationCampingOptions, registrations } from '../../db/schema/index';
import { enqueueMail } from '../mail/outbox';
import { paymentMailContext, personMail } from '../payments/payment-mail';

/** Which waitlist mail (docs/product.md §10): the offer with its deadline, the 12-hour reminder, or it ran out. */
export type OfferMailKind = 'offer' | 'warning' | 'expired';

/**
 * Writes a waitlist mail about the offer of `registrationId` to the outbox, in the caller's transaction: the
 * deadline in the camp's time zone, the registration's camping options, and the dashboard's link (personMail).
 * The offer and its reminder link to the offer itself (`#/dashboard?offer=<id>`: the dashboard scrolls to its
 * panel and focuses it, docs/product.md §10). Writes nothing when the person is gone.
 */
export async function enqueueOfferMail(
  tx: DbOrTx,
  mail: {
    kind: OfferMailKind;
    registrationId: string;
    expiresAt: Date;
    publicUrl: string;
    /** The offer the mail is about: its link opens it (the offer and the reminder). */
    offerId?: string;
  },
): Promise<void> {
  const [registration] = await tx
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(eq(registrations.id, mail.registrationId));
  if (!registration) return;
  const person = await paymentMailContext(tx, {
    userId: registration.userId,
    registrationId: mail.registrationId,
    publicUrl: mail.publicUrl,
  });
  if (!person) return;
  const context =
    mail.offerId && mail.kind !== 'expired'
      ? { ...person, dashboardUrl: offerUrlOf(person.dashboardUrl, mail.offerId) }
      : person;
  const [camp] = await tx.select({ timeZone: campConfig.timeZone }).from(campConfig).limit(1);
  const deadline = formatDateTimeInZone(mail.expiresAt, camp?.timeZone ?? 'UTC');
  if (mail.kind === 'offer') {
    const options = await tx
      .select({ name: campingOptions.name })
      .from(registrationCampingOptions)
      .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
      .where(eq(registrationCampingOptions.registrationId, mail.registrationId))
      .orderBy(asc(campingOptions.name));
    await enqueueMail(
      tx,
      personMail(
        context,
        WAITLIST_MAILS.offerSubject(context.campName),
        WAITLIST_MAILS.offerLines(
          options.map((option) => option.name),
          deadline,
        ),
      ),
    );
  } else if (mail.kind === 'warning') {
    await enqueueMail(
      tx,
      personMail(
        context,
        WAITLIST_MAILS.warningSubject(context.campName),
        WAITLIST_MAILS.warningLines(deadline),
      ),
    );
  } else {
    await enqueueMail(
      tx,
      personMail(context, WAITLIST_MAILS.expiredSubject(context.campName), [...WAITLIST_MAILS.expiredLines]),
    );
  }
}

/** The dashboard's link that opens an offer's panel (the web's `?offer=` search parameter). */
export const offerUrlOf = (dashboardUrl: string, offerId: string) =>
  `${dashboardUrl}?offer=${encodeURIComponent(offerId)}`;
