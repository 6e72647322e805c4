import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/List.css';
import { isJobFull, REGISTRATION_TEXTS, WAITLIST_TEXTS } from '@camp/shared/rules';
import type { Registration } from '@camp/shared/registrations';
import type { User } from '@camp/shared/users';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { campingOptionsQueryOptions } from '../../camping-options';
import { useEventCalendar } from '../../config';
import { jobCategoriesQueryOptions, openJobsQueryOptions } from '../../work';
import {
  emptyChoices,
  shiftProgress,
  validateShiftsStep,
  visibleCategories,
  visibleJobs,
  type WizardChoices,
} from '../wizard/wizard-model';
import { ProblemList } from '../../../components/problem-list';
import { ShiftsSummary, StepShifts } from './step-shifts';

interface OfferShiftPickerProps {
  registration: Registration;
  user: Pick<User, 'role' | 'allowNoJob'>;
  busy: boolean;
  /** The chosen job ids, once they meet the wizard's shift rules. */
  onSubmit: (jobs: string[]) => void;
}

/**
 * Accepting a waitlist offer after a 409 SHIFTS_FULL (docs/product.md §10): the wizard's shift step for the
 * registration's camping options, under the wizard's shift rules (validateShiftSelection through
 * validateShiftsStep), starting from the shifts it had that still have places.
 */
export default function OfferShiftPicker({ registration, user, busy, onSubmit }: OfferShiftPickerProps) {
  const optionsQuery = useQuery(campingOptionsQueryOptions());
  const categoriesQuery = useQuery(jobCategoriesQueryOptions());
  const jobsQuery = useQuery(openJobsQueryOptions());
  const [picked, setPicked] = useState<string[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const calendar = useEventCalendar();

  if (optionsQuery.isError || categoriesQuery.isError || jobsQuery.isError) {
    return (
      <LoadFailedAlert
        title={REGISTRATION_TEXTS.fetchJobsFailed}
        onRetry={() => {
          void optionsQuery.refetch();
          void categoriesQuery.refetch();
          void jobsQuery.refetch();
        }}
      />
    );
  }
  if (!optionsQuery.data || !categoriesQuery.data || !jobsQuery.data) {
    return <PageLoader label="Loading shifts..." />;
  }

  const allCategories = categoriesQuery.data;
  const categories = visibleCategories(allCategories, user.role);
  const jobs = visibleJobs(jobsQuery.data, user.role);
  const optionIds = registration.campingOptions.map((link) => link.campingOption.id);
  const options = optionsQuery.data.filter((option) => optionIds.includes(option.id));
  // Until the person changes anything: the shifts the registration had that still have a place.
  const jobIds =
    picked ??
    registration.jobs
      .map((link) => link.job.id)
      .filter((id) => jobs.some((job) => job.id === id && !isJobFull(job)));
  const choices: WizardChoices = { ...emptyChoices(), optionIds, jobIds };

  const toggle = (id: string, checked: boolean) => {
    const next = checked ? [...jobIds, id] : jobIds.filter((item) => item !== id);
    setPicked(next);
    if (problems.length > 0) {
      setProblems(
        validateShiftsStep(options, allCategories, jobs, { ...choices, jobIds: next }, user, calendar),
      );
    }
  };

  const submit = () => {
    const found = validateShiftsStep(options, allCategories, jobs, choices, user, calendar);
    setProblems(found);
    if (found.length === 0) onSubmit(jobIds);
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="offer-shifts">
      <Title order={4} id="offer-shifts">
        {WAITLIST_TEXTS.chooseShiftsAgain}
      </Title>
      <StepShifts
        options={options}
        categories={categories}
        jobs={jobs}
        choices={choices}
        user={user}
        onToggle={toggle}
      />
      <ShiftsSummary progress={shiftProgress(options, allCategories, jobs, choices, user)} />
      <ProblemList problems={problems} />
      <Group>
        <Button size="md" onClick={submit} loading={busy}>
          {WAITLIST_TEXTS.acceptWithShifts}
        </Button>
      </Group>
    </Stack>
  );
}
