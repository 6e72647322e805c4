import { DEFAULT_CAMP_NAME, formatDollars } from '@camp/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campConfig, registrations, users } from '../../db/schema/index';
import { escapeHtml } from '../../lib/escape';
import type { OutboxMail } from '../mail/outbox';

/** Who a payment mail goes to, and about what. */
export interface PaymentMailContext {
  to: string;
  firstName: string | null;
  campName: string;
  year: number | null;
  /** The app's dashboard, e.g. https://camp.example.org/#/dashboard. */
  dashboardUrl: string;
}

/**
 * The context of a mail about a payment of `userId` (for its registration, when it has one), read in the
 * caller's transaction (the camp's name too: no second connection while a transaction holds one).
 */
export async function paymentMailContext(
  db: DbOrTx,
  options: { userId: string; registrationId: string | null; publicUrl: string },
): Promise<PaymentMailContext | null> {
  const [camp] = await db.select({ campName: campConfig.campName }).from(campConfig).limit(1);
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) return null;
  const [registration] = options.registrationId
    ? await db
        .select({ year: registrations.year })
        .from(registrations)
        .where(eq(registrations.id, options.registrationId))
    : [];
  return {
    to: user.email,
    firstName: user.firstName,
    campName: camp?.campName ?? DEFAULT_CAMP_NAME,
    year: registration?.year ?? null,
    dashboardUrl: dashboardUrlOf(options.publicUrl),
  };
}

/** The app's dashboard under the public URL. */
export const dashboardUrlOf = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/#/dashboard`;

/** A mail to the person: greeting, the lines, a link to their dashboard, the camp's name (text and HTML). */
export function personMail(context: PaymentMailContext, subject: string, lines: string[]): OutboxMail {
  const greeting = context.firstName ? `Hello ${context.firstName},` : 'Hello,';
  const closing = `See your registration on your dashboard: ${context.dashboardUrl}`;
  return {
    to: context.to,
    subject,
    text: [greeting, '', ...lines, '', closing, '', context.campName].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(context.dashboardUrl)}">Open your dashboard</a></p>`,
      `<p>${escapeHtml(context.campName)}</p>`,
    ].join('\n'),
  };
}

/** ' for 2027' when the mail is about a registration's year. */
export const forYear = (context: PaymentMailContext) => (context.year ? ` for ${context.year}` : '');

/** The receipt sent once when a payment becomes COMPLETED. */
export function receiptMail(
  context: PaymentMailContext,
  payment: { amountCents: number; reference: string },
  confirmed: boolean,
): OutboxMail {
  const amount = formatDollars(payment.amountCents / 100);
  return personMail(context, `${context.campName}: payment received (${amount})`, [
    `Thank you: we received your dues payment of ${amount} USD${forYear(context)}.`,
    `Payment reference: ${payment.reference}`,
    confirmed
      ? 'Your registration is now confirmed!'
      : 'Your registration is being processed and will be confirmed shortly.',
  ]);
}

/** Sent when (part of) a payment is refunded. */
export function refundMail(
  context: PaymentMailContext,
  refund: { amountCents: number; paymentCents: number; reason: string | null },
): OutboxMail {
  const amount = formatDollars(refund.amountCents / 100);
  const whole = refund.amountCents === refund.paymentCents;
  return personMail(context, `${context.campName}: refund of ${amount}`, [
    `We refunded ${amount} USD of your ${whole ? '' : `${formatDollars(refund.paymentCents / 100)} `}dues payment${forYear(context)}.`,
    ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
    'A card refund usually reaches your account within 5 to 10 business days.',
  ]);
}

/** Sent when the wizard's submission is stored: what the person chose and, when dues are owed, how to pay. */
export function registrationMail(
  context: PaymentMailContext,
  registration: { confirmed: boolean; duesCents: number; campingOptions: string[]; jobs: string[] },
): OutboxMail {
  const subject = registration.confirmed
    ? `${context.campName}: your registration${forYear(context)} is confirmed`
    : `${context.campName}: we received your registration${forYear(context)}`;
  return personMail(context, subject, [
    `Thank you for registering${forYear(context)} at ${context.campName}.`,
    `Camping: ${registration.campingOptions.join(', ')}`,
    `Work shifts: ${registration.jobs.length > 0 ? registration.jobs.join('; ') : 'none'}`,
    registration.confirmed
      ? 'Your registration is confirmed.'
      : `Your dues come to ${formatDollars(registration.duesCents / 100)} USD. Your registration is confirmed once they are paid; you can pay them from your dashboard.`,
  ]);
}
