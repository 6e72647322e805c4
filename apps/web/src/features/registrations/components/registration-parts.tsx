import '@mantine/core/styles/Badge.css';
import {
  formatDate,
  formatDollars,
  jobIsActive,
  REFUND_STATE_TEXTS,
  RETIRED_WORK_TEXTS,
  shiftWhenDated,
} from '@camp/shared/rules';
import type { RegistrationJob, RegistrationPayment } from '@camp/shared/registrations';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import classes from './dashboard.module.css';
import { useEventCalendar } from '../../config';
import { AttendanceBadge } from './attendance-badge';

/** The lists' titles, and what they say when empty. */
const LISTS = {
  shifts: { title: 'Work Shifts', emptyText: 'No work shifts.' },
  payments: { title: 'Payments', emptyText: 'No payments.' },
};

/** A titled list of a registration's parts (shifts, payments), or a line saying there are none. */
function ListSection({
  title,
  headingOrder,
  emptyText,
  count,
  children,
}: {
  title: string;
  headingOrder: 3 | 4;
  emptyText: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section>
      <Title order={headingOrder} mb="xs">
        {title}
      </Title>
      {count === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Stack component="ul" gap="xs" className={classes.plainList}>
          {children}
        </Stack>
      )}
    </section>
  );
}

/**
 * Work shifts of a registration: job (with its check-in mark), category description, location, day, start-end time,
 * description.
 */
export function WorkShiftList({
  jobs,
  headingOrder,
}: {
  jobs: readonly RegistrationJob[];
  headingOrder: 3 | 4;
}) {
  const calendar = useEventCalendar();
  return (
    <ListSection {...LISTS.shifts} headingOrder={headingOrder} count={jobs.length}>
      {jobs.map(({ id, job, attendance }) => (
        <Paper component="li" key={id} withBorder radius="md" p="sm" className={classes.wrap}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{job.name}</Text>
              {/* Its check-in mark, once staff made one (docs/product.md §11 Check-in). */}
              <AttendanceBadge attendance={attendance} />
              {!jobIsActive(job) && (
                <Badge color="gray.8" variant="filled" tt="none">
                  {RETIRED_WORK_TEXTS.badge}
                </Badge>
              )}
            </Group>
            <Text size="sm">{shiftWhenDated(job.shift, calendar)}</Text>
          </Group>
          {/* The person keeps a retired job (docs/product.md §11 "Retired jobs and shifts"). */}
          {!jobIsActive(job) && <Text size="sm">{RETIRED_WORK_TEXTS.ownRetiredNote}</Text>}
          <Text size="sm" c="dimmed">
            {job.category.description}
          </Text>
          <Text size="sm">Location: {job.location}</Text>
          {job.shift.description && <Text size="sm">{job.shift.description}</Text>}
        </Paper>
      ))}
    </ListSection>
  );
}

/**
 * Payments of a registration: amount, currency, date, status badge, and a refund that has not given the money
 * back yet (pending, or failed: the camp will be in touch), so a paid-and-cancelled registration does not
 * simply read COMPLETED.
 */
export function PaymentList({
  payments,
  headingOrder,
}: {
  payments: readonly RegistrationPayment[];
  headingOrder: 3 | 4;
}) {
  return (
    <ListSection {...LISTS.payments} headingOrder={headingOrder} count={payments.length}>
      {payments.map((payment) => (
        <Group component="li" key={payment.id} gap="sm" wrap="wrap" className={classes.paymentRow}>
          <Text fw={600}>{formatDollars(payment.amount)}</Text>
          <Text size="sm">{payment.currency}</Text>
          <Text size="sm" c="dimmed">
            {formatDate(payment.createdAt)}
          </Text>
          <StatusBadge kind="payment" status={payment.status} />
          {payment.refundStatus && (
            <Text size="sm" fw={600} c={payment.refundStatus === 'FAILED' ? 'red.9' : 'dark.7'}>
              {payment.refundStatus === 'FAILED'
                ? REFUND_STATE_TEXTS.participantFailed
                : REFUND_STATE_TEXTS.participantPending}
            </Text>
          )}
        </Group>
      ))}
    </ListSection>
  );
}
