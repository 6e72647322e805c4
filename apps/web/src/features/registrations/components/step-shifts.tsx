import { jobSpots, shiftRequirement, shiftWhenText, REGISTRATION_TEXTS } from '@camp/shared/rules';
import type { CampingOption } from '@camp/shared/camping-options';
import type { User } from '@camp/shared/users';
import type { Job, JobCategory } from '@camp/shared/work';
import { Alert, Badge, Checkbox, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { byFestivalOrder, isJobPickable, type WizardChoices } from '../wizard/wizard-model';
import classes from './wizard.module.css';

interface StepShiftsProps {
  options: readonly CampingOption[];
  categories: readonly JobCategory[];
  jobs: readonly Job[];
  choices: WizardChoices;
  user: Pick<User, 'role' | 'allowNoJob'>;
  onToggle: (jobId: string, checked: boolean) => void;
}

const shifts = (count: number) => `${count} ${count === 1 ? 'shift' : 'shifts'}`;

function RequirementSummary({
  options,
  categories,
  user,
  chosen,
}: {
  options: readonly CampingOption[];
  categories: readonly JobCategory[];
  user: Pick<User, 'role' | 'allowNoJob'>;
  chosen: number;
}) {
  const requirement = shiftRequirement(options, categories, user);
  if (requirement.waived) {
    return (
      <Alert variant="light" role="note">
        Work shifts are optional for you. Choose any you would like to help with.
      </Alert>
    );
  }
  const parts = [
    ...requirement.perOption.map((option) => `${shifts(option.shifts)} for ${option.name}`),
    ...requirement.requiredCategories.map((category) => `one ${category.name} shift (required for everyone)`),
  ];
  return (
    <Alert variant="light" role="note">
      <Stack gap={4}>
        <Text size="sm">
          {requirement.total === 0
            ? 'Your camping options need no work shifts. You may still choose some.'
            : `You need at least ${shifts(requirement.total)}: ${parts.join('; ')}.`}
        </Text>
        <Text size="sm" fw={600} aria-live="polite">
          Selected: {shifts(chosen)}
        </Text>
      </Stack>
    </Alert>
  );
}

function JobChoice({
  job,
  choices,
  onToggle,
}: {
  job: Job;
  choices: WizardChoices;
  onToggle: StepShiftsProps['onToggle'];
}) {
  const checked = choices.jobIds.includes(job.id);
  const pickable = isJobPickable(job, choices);
  const spots = Math.max(0, jobSpots(job));
  return (
    <Paper withBorder radius="md" p="sm" className={classes.choice} data-disabled={!pickable || undefined}>
      <Checkbox
        checked={checked}
        disabled={!pickable}
        onChange={(event) => onToggle(job.id, event.currentTarget.checked)}
        label={
          <Group gap="xs" component="span" wrap="wrap">
            <Text span fw={600} inherit>
              {job.name}
            </Text>
            <Text span inherit>
              {shiftWhenText(job.shift)}
            </Text>
            {job.staffOnly && (
              <Badge color="grape" variant="filled" autoContrast component="span">
                Staff only
              </Badge>
            )}
            {spots === 0 && (
              <Badge color="gray" variant="filled" autoContrast component="span">
                Full
              </Badge>
            )}
          </Group>
        }
        description={
          <Stack gap={2} component="span">
            <span>
              {job.location} · {spots} of {job.maxRegistrations}{' '}
              {job.maxRegistrations === 1 ? 'spot' : 'spots'} left
            </span>
            {job.shift.description && <span>{job.shift.description}</span>}
          </Stack>
        }
      />
    </Paper>
  );
}

/** Step 4 (spec §5): shifts grouped by category, with day, time, location and spots left. */
export function StepShifts({ options, categories, jobs, choices, user, onToggle }: StepShiftsProps) {
  const ordered = [...categories].sort(
    (a, b) => Number(b.alwaysRequired) - Number(a.alwaysRequired) || a.name.localeCompare(b.name),
  );
  return (
    <Stack gap="lg">
      <RequirementSummary
        options={options}
        categories={categories}
        user={user}
        chosen={choices.jobIds.length}
      />
      {ordered.length === 0 && <Text c="dimmed">{REGISTRATION_TEXTS.noShiftsInCategory}</Text>}
      {ordered.map((category) => {
        const inCategory = jobs.filter((job) => job.categoryId === category.id).sort(byFestivalOrder);
        return (
          <Fieldset
            key={category.id}
            radius="md"
            legend={
              <Group gap="xs" component="span" wrap="wrap">
                <span>{category.name}</span>
                {category.alwaysRequired && (
                  <Badge color="orange" variant="filled" autoContrast component="span">
                    Required
                  </Badge>
                )}
                {category.staffOnly && (
                  <Badge color="grape" variant="filled" autoContrast component="span">
                    Staff only
                  </Badge>
                )}
              </Group>
            }
          >
            <Stack gap="sm">
              {category.description && (
                <Text size="sm" c="dimmed">
                  {category.description}
                </Text>
              )}
              {inCategory.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {REGISTRATION_TEXTS.noShiftsInCategory}
                </Text>
              ) : (
                inCategory.map((job) => (
                  <JobChoice key={job.id} job={job} choices={choices} onToggle={onToggle} />
                ))
              )}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
