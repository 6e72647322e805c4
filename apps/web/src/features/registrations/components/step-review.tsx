import {
  fieldValueText,
  formatDollars,
  isStaffRole,
  optionDuesFor,
  SHIFT_WAITLIST_TEXTS,
  type Role,
  WAITLIST_TEXTS,
  shiftWhenDated,
} from '@camp/shared/rules';
import type { CampingOption } from '@camp/shared/camping-options';
import type { Job } from '@camp/shared/work';
import { Alert, Checkbox, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { HtmlContent } from '../../../components/html-content';
import { fieldsOf, type WizardChoices } from '../wizard/wizard-model';
import classes from './wizard.module.css';
import { useEventCalendar } from '../../config';

interface StepReviewProps {
  options: readonly CampingOption[];
  jobs: readonly Job[];
  choices: WizardChoices;
  role: Role;
  total: number;
  /** A chosen option is full: the registration joins the waitlist (docs/product.md §10). */
  joinsWaitlist?: boolean;
  terms: string;
  termsError?: string;
  onAcceptTerms: (accepted: boolean) => void;
}

/** Step 5 (docs/product.md §2, §5, §6): what was chosen, the terms to accept, and the total at the person's rate. */
export function StepReview({
  options,
  jobs,
  choices,
  role,
  total,
  joinsWaitlist = false,
  terms,
  termsError,
  onAcceptTerms,
}: StepReviewProps) {
  const fields = fieldsOf(options);
  const chosenJobs = jobs.filter((job) => choices.jobIds.includes(job.id));
  const waitedJobs = jobs.filter((job) => choices.waitJobs.includes(job.id));
  return (
    <Stack gap="lg">
      {joinsWaitlist && (
        <Alert color="orange" variant="light" role="note" title={WAITLIST_TEXTS.joinWaitlist}>
          {WAITLIST_TEXTS.willJoinWaitlist}
        </Alert>
      )}
      <ReviewSection id="review-options" title="Camping Options">
        <Stack component="ul" gap={4} className={classes.plainList}>
          {options.map((option) => (
            <Group component="li" key={option.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text className={classes.choice}>{option.name}</Text>
              <Text fw={600}>{formatDollars(optionDuesFor(option, role))}</Text>
            </Group>
          ))}
        </Stack>
      </ReviewSection>
      {fields.length > 0 && (
        <ReviewSection id="review-details" title="Details">
          <Stack component="dl" gap={6} m={0}>
            {fields.map((field) => (
              <div key={field.id}>
                <Text component="dt" size="sm" c="dimmed">
                  {field.displayName}
                </Text>
                <Text component="dd" m={0} className={classes.choice} style={{ whiteSpace: 'pre-wrap' }}>
                  {fieldValueText(choices.fieldValues[field.id], field.dataType)}
                </Text>
              </div>
            ))}
          </Stack>
        </ReviewSection>
      )}
      <ReviewSection id="review-shifts" title="Work Shifts">
        {chosenJobs.length === 0 ? (
          <Text c="dimmed">No shifts selected.</Text>
        ) : (
          <JobList jobs={chosenJobs} />
        )}
      </ReviewSection>
      {waitedJobs.length > 0 && (
        <ReviewSection id="review-shift-waits" title={SHIFT_WAITLIST_TEXTS.reviewTitle}>
          <Text size="sm" c="dimmed" mb="xs">
            {SHIFT_WAITLIST_TEXTS.waitNote}
          </Text>
          <JobList jobs={waitedJobs} />
        </ReviewSection>
      )}
      <ReviewSection id="review-terms" title="Registration Terms">
        <Paper
          withBorder
          radius="md"
          p="md"
          mah={320}
          style={{ overflowY: 'auto' }}
          tabIndex={0}
          aria-labelledby="review-terms"
        >
          {terms.trim() === '' ? (
            <Text c="dimmed">The camp has not published any registration terms.</Text>
          ) : (
            <Suspense fallback={<Loader size="sm" aria-label="Loading terms" />}>
              <HtmlContent html={terms} headings={5} />
            </Suspense>
          )}
        </Paper>
        <Checkbox
          mt="md"
          label="I have read and accept the registration terms"
          checked={choices.acceptedTerms}
          onChange={(event) => onAcceptTerms(event.currentTarget.checked)}
          error={termsError}
        />
      </ReviewSection>
      <Divider />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} size="lg">
          Total dues
          {isStaffRole(role) && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              (staff rate)
            </Text>
          )}
        </Text>
        <Text fw={700} size="xl" data-testid="registration-total">
          {formatDollars(total)}
        </Text>
      </Group>
    </Stack>
  );
}

/** Shifts as the review lists them: name, category, when and where. */
function JobList({ jobs }: { jobs: readonly Job[] }) {
  const calendar = useEventCalendar();
  return (
    <Stack component="ul" gap={4} className={classes.plainList}>
      {jobs.map((job) => (
        <Text component="li" key={job.id} className={classes.choice}>
          <strong>{job.name}</strong> ({job.category.name}) · {shiftWhenDated(job.shift, calendar)} ·{' '}
          {job.location}
        </Text>
      ))}
    </Stack>
  );
}

/** One part of the review: a section named by its heading. */
function ReviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={4} id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
