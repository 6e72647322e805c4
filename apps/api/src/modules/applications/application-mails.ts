import { APPLICATION_MAIL_TEXTS, type ApplicationDecision } from '@camp/shared';
import { escapeHtml } from '../../lib/escape';
import type { OutboxMail } from '../mail/outbox';
import { dashboardUrlOf } from '../payments/payment-mail';

// The mails of an application (docs/product.md §12 Application approval): written to the outbox in the
// transaction of the change that causes them; the words are the shared APPLICATION_MAIL_TEXTS.

/** Who an application's mail goes to, and for which camp and year. */
export interface ApplicationMailContext {
  to: string;
  firstName: string | null;
  campName: string;
  year: number;
  publicUrl: string;
}

/** The app's registration wizard under the public URL. */
export const registrationUrlOf = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/#/registration`;

/** Greeting, paragraphs, a labelled link and the camp's name, as text and HTML. */
function applicationMail(
  context: ApplicationMailContext,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): OutboxMail {
  const greeting = context.firstName ? `Hello ${context.firstName},` : 'Hello,';
  return {
    to: context.to,
    subject,
    text: [
      greeting,
      '',
      ...lines.flatMap((line) => [line, '']),
      `${link.label} ${link.url}`,
      '',
      context.campName,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`),
      `<p>${escapeHtml(link.label)} <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`,
      `<p>${escapeHtml(context.campName)}</p>`,
    ].join('\n'),
  };
}

/** "We received your application": sent when the application is first made. */
export function receivedMail(context: ApplicationMailContext): OutboxMail {
  const { campName, year } = context;
  return applicationMail(
    context,
    APPLICATION_MAIL_TEXTS.receivedSubject(campName, year),
    [APPLICATION_MAIL_TEXTS.receivedIntro(campName, year)],
    { label: APPLICATION_MAIL_TEXTS.receivedLink, url: dashboardUrlOf(context.publicUrl) },
  );
}

/** The decision: approved with a link to register, or not accepted; with the admin's message when there is one. */
export function decisionMail(
  context: ApplicationMailContext,
  decision: ApplicationDecision,
  message: string | null,
): OutboxMail {
  const { campName, year } = context;
  const said = message ? [`${APPLICATION_MAIL_TEXTS.message}\n${message}`] : [];
  return decision === 'APPROVED'
    ? applicationMail(
        context,
        APPLICATION_MAIL_TEXTS.approvedSubject(campName, year),
        [APPLICATION_MAIL_TEXTS.approvedIntro(campName, year), ...said],
        { label: APPLICATION_MAIL_TEXTS.approvedLink, url: registrationUrlOf(context.publicUrl) },
      )
    : applicationMail(
        context,
        APPLICATION_MAIL_TEXTS.declinedSubject(campName, year),
        [APPLICATION_MAIL_TEXTS.declinedIntro(campName, year), ...said],
        { label: APPLICATION_MAIL_TEXTS.declinedLink, url: dashboardUrlOf(context.publicUrl) },
      );
}
