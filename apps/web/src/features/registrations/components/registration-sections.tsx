import {
  dollarsToCents,
  fieldValueText,
  formatDate,
  formatDateTime,
  formatDollars,
  labelWithColon,
  PAYMENT_DEADLINE_TEXTS,
  type RegistrationAvailability,
  REGISTRATION_TEXTS,
  WAITLIST_TEXTS,
} from '@camp/shared/rules';
import type { CampRegistration, Registration } from '@camp/shared/registrations';
import type { User } from '@camp/shared/users';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import {
  checkoutFailureMessage,
  PAYMENT_TEXTS,
  usePaymentsAvailable,
  useStartCheckout,
} from '../../payments';
import classes from './dashboard.module.css';
import { StatusBadge } from '../../../components/status-badge';
import { PaymentList, WorkShiftList } from './registration-parts';
import { LeaveWaitlistButton, WaitlistPositions } from './waitlist-panels';

const card = { withBorder: true, radius: 'lg', shadow: 'xs', p: { base: 'md', sm: 'xl' } } as const;

/**
 * 'Current Registration {year}': status, work shifts, payments (docs/product.md §2 Dashboard); a waitlisted one also
 * its place in each line and "Leave the waitlist" (docs/product.md §10).
 */
export function CurrentRegistration({ registration }: { registration: Registration }) {
  const waitlisted = registration.status === 'WAITLISTED';
  return (
    <Paper {...card} component="section" aria-labelledby="current-registration">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={3} id="current-registration">
            Current Registration {registration.year}
          </Title>
          <StatusBadge
            status={registration.status}
            label={waitlisted ? WAITLIST_TEXTS.statusWaitlisted : undefined}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Registered on {formatDate(registration.createdAt)}
        </Text>
        {waitlisted && <WaitlistPositions registration={registration} />}
        <WorkShiftList jobs={registration.jobs} headingOrder={4} />
        <PaymentList payments={registration.payments} headingOrder={4} />
        <Group>
          <Button variant="light" component={Link} to={paths.shifts()}>
            View Shifts
          </Button>
          {waitlisted && <LeaveWaitlistButton registration={registration} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The outstanding-dues box (docs/product.md §2 Dashboard): what the server says is owed, its payment deadline in the
 * camp's time zone when there is one (docs/product.md §10), and the way to pay it through Stripe Checkout; when
 * payments are not available it says so instead of offering the button.
 */
export function OutstandingDues({
  registration,
  user,
  campName,
  timeZone,
}: {
  registration: Registration;
  user: Pick<User, 'id'>;
  campName: string;
  timeZone: string;
}) {
  const payments = usePaymentsAvailable();
  const checkout = useStartCheckout();
  const cents = dollarsToCents(registration.amountOwed);
  if (cents <= 0) return null;
  const amount = formatDollars(cents / 100);
  return (
    <Paper {...card} className={classes.dues} component="section" aria-labelledby="outstanding-dues">
      <Stack gap="sm" align="flex-start">
        <Title order={3} id="outstanding-dues" tabIndex={-1}>
          Outstanding Dues
        </Title>
        <Text>
          You have {amount} in dues to pay for {registration.year}. Your registration stays pending until they
          are paid.
        </Text>
        {registration.payBy && (
          <Text fw={600}>{PAYMENT_DEADLINE_TEXTS.payBy(formatDateTime(registration.payBy, timeZone))}</Text>
        )}
        {payments.available ? (
          <Button
            onClick={() =>
              checkout.start({
                user,
                registrationId: registration.id,
                amountCents: cents,
                campName,
                year: registration.year,
              })
            }
            loading={checkout.isPending}
          >
            Complete Dues Payment - {amount}
          </Button>
        ) : (
          !payments.isLoading && (
            <Alert color="yellow" variant="light" w="100%">
              {REGISTRATION_TEXTS.paymentUnavailable}
            </Alert>
          )
        )}
        {checkout.error !== null && (
          <Alert color="red" variant="light" role="alert" w="100%" title={PAYMENT_TEXTS.paymentFailed}>
            {checkoutFailureMessage(checkout.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Registration History': cancelled registrations of the year with their jobs and payments. */
export function RegistrationHistory({ registrations }: { registrations: readonly Registration[] }) {
  if (registrations.length === 0) return null;
  return (
    <Paper {...card} component="section" aria-labelledby="registration-history">
      <Stack gap="md">
        <Title order={3} id="registration-history">
          Registration History
        </Title>
        {registrations.map((registration) => (
          <Paper key={registration.id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>Registration {registration.year}</Text>
                <StatusBadge status={registration.status} />
                <Text size="sm" c="dimmed">
                  Registered on {formatDate(registration.createdAt)}
                </Text>
              </Group>
              <WorkShiftList jobs={registration.jobs} headingOrder={4} />
              <PaymentList payments={registration.payments} headingOrder={4} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

/** 'Camping': the chosen options, each with its custom field answers under 'Additional Information:'. */
export function CampingSection({ camp }: { camp: CampRegistration }) {
  return (
    <Paper {...card} component="section" aria-labelledby="camping">
      <Stack gap="md">
        <Title order={3} id="camping">
          Camping
        </Title>
        {camp.campingOptions.length === 0 ? (
          <Text c="dimmed">{REGISTRATION_TEXTS.noCampingOptions}</Text>
        ) : (
          camp.campingOptions.map(({ id, campingOption }) => {
            const answers = camp.customFieldValues
              .filter((answer) => answer.field.campingOptionId === campingOption.id)
              .sort((a, b) => a.field.order - b.field.order);
            return (
              <Paper key={id} withBorder radius="md" p="md" className={classes.wrap}>
                <Stack gap="xs">
                  <Title order={4}>{campingOption.name}</Title>
                  {campingOption.description && <Text size="sm">{campingOption.description}</Text>}
                  {answers.length > 0 && (
                    <>
                      <Text fw={600} size="sm">
                        Additional Information:
                      </Text>
                      <Stack component="dl" gap={4} m={0}>
                        {answers.map((answer) => (
                          <Group key={answer.id} gap={6} wrap="wrap" align="baseline">
                            <Text component="dt" size="sm" c="dimmed">
                              {labelWithColon(answer.field.displayName)}
                            </Text>
                            <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                              {fieldValueText(answer.value, answer.field.dataType)}
                            </Text>
                          </Group>
                        ))}
                      </Stack>
                    </>
                  )}
                </Stack>
              </Paper>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}

/** With no active registration: the availability message, and Start Registration when it is open. */
export function NoRegistration({ availability }: { availability: RegistrationAvailability }) {
  return (
    <Paper {...card} component="section" aria-labelledby="no-registration">
      <Stack gap="sm" align="flex-start">
        <Title order={3} id="no-registration">
          Registration {availability.year ?? ''}
        </Title>
        <Text>{availability.message}</Text>
        {availability.canRegister && (
          <Button component={Link} to={paths.registration()} size="md">
            Start Registration
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
