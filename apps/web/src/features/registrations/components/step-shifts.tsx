import '@mantine/core/styles/Accordion.css';
import { shiftRequirement, REGISTRATION_TEXTS, SHIFT_WAITLIST_TEXTS } from '@camp/shared/rules';
import type { CampingOption } from '@camp/shared/camping-options';
import type { User } from '@camp/shared/users';
import type { Job, JobCategory } from '@camp/shared/work';
import { Alert, Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  CollapsibleGroups,
  DayRows,
  filterShifts,
  groupByCategory,
  NO_FILTER,
  ShiftFilters,
  ShiftRow,
  shiftsWord,
  useOpenGroups,
} from '../../work';
import { isJobPickable, isJobWaitable, type ShiftProgress, type WizardChoices } from '../wizard/wizard-model';
import classes from './wizard.module.css';

interface StepShiftsProps {
  options: readonly CampingOption[];
  categories: readonly JobCategory[];
  jobs: readonly Job[];
  choices: WizardChoices;
  user: Pick<User, 'role' | 'allowNoJob'>;
  onToggle: (jobId: string, checked: boolean) => void;
  /**
   * Ticks or unticks waiting in line for a full job whose waitlist is on (docs/product.md §10); without it no wait is
   * offered (while the application window is open, and when an offer's shifts are chosen again).
   */
  onToggleWait?: (jobId: string, checked: boolean) => void;
}

/** What the options ask for, in a sentence, above the list. */
function RequirementText({
  options,
  categories,
  user,
}: Pick<StepShiftsProps, 'options' | 'categories' | 'user'>) {
  const requirement = shiftRequirement(options, categories, user);
  if (requirement.waived) {
    return (
      <Alert variant="light" role="note">
        Work shifts are optional for you. Choose any you would like to help with.
      </Alert>
    );
  }
  const parts = [
    ...requirement.perOption.map((option) => `${shiftsWord(option.shifts)} for ${option.name}`),
    ...requirement.requiredCategories.map((category) => `one ${category.name} shift (required for everyone)`),
  ];
  return (
    <Alert variant="light" role="note">
      {requirement.total === 0
        ? 'Your camping options need no work shifts. You may still choose some.'
        : `You need at least ${shiftsWord(requirement.total)}: ${parts.join('; ')}.`}
    </Alert>
  );
}

/** Required categories first, then by name. */
const categoryOrder = (a: JobCategory, b: JobCategory) =>
  Number(b.alwaysRequired) - Number(a.alwaysRequired) || a.name.localeCompare(b.name);

/**
 * Step 4 (docs/product.md §5): the shifts by category (collapsible; a short list starts all open) and, inside, by day,
 * as compact rows with time, location and spots left; a day filter narrows every category at once.
 */
export function StepShifts({
  options,
  categories,
  jobs,
  choices,
  user,
  onToggle,
  onToggleWait,
}: StepShiftsProps) {
  const [filter, setFilter] = useState(NO_FILTER);
  const waitable = (job: Job) => onToggleWait !== undefined && isJobWaitable(job, choices);
  const ordered = [...categories].sort(categoryOrder);
  const groups = groupByCategory(ordered, filterShifts(jobs, filter));
  const [open, setOpen] = useOpenGroups(groups, filter.day);
  const chosenIn = (categoryId: string) =>
    jobs.filter((job) => job.categoryId === categoryId && choices.jobIds.includes(job.id)).length;
  const waitedIn = (categoryId: string) =>
    jobs.filter((job) => job.categoryId === categoryId && choices.waitJobs.includes(job.id)).length;

  return (
    <Stack gap="md">
      <RequirementText options={options} categories={categories} user={user} />
      {jobs.some(waitable) && (
        <Text size="sm" c="dimmed">
          {SHIFT_WAITLIST_TEXTS.waitNote}
        </Text>
      )}
      {jobs.length > 0 && <ShiftFilters jobs={jobs} value={filter} onChange={setFilter} show={['day']} />}
      {ordered.length === 0 ? (
        <Text c="dimmed">{REGISTRATION_TEXTS.noShiftsInCategory}</Text>
      ) : (
        <CollapsibleGroups
          headingOrder={4}
          open={open}
          onOpenChange={setOpen}
          groups={groups.map((group) => {
            const category = ordered.find((candidate) => candidate.id === group.key)!;
            const chosen = chosenIn(category.id);
            const waited = waitedIn(category.id);
            return {
              key: group.key,
              label: group.label,
              badges: (
                <>
                  {category.alwaysRequired && (
                    <Badge component="span" color="sunset" variant="filled" tt="none">
                      Required
                    </Badge>
                  )}
                  {category.staffOnly && (
                    <Badge component="span" color="dusk" variant="filled" tt="none">
                      Staff only
                    </Badge>
                  )}
                </>
              ),
              counts: [
                shiftsWord(group.items.length),
                chosen > 0 && `${chosen} selected`,
                waited > 0 && SHIFT_WAITLIST_TEXTS.waitingCount(waited),
              ]
                .filter(Boolean)
                .join(' · '),
              content: (
                <Stack gap={4}>
                  {category.description && (
                    <Text size="sm" c="dimmed" px={8}>
                      {category.description}
                    </Text>
                  )}
                  {group.items.length === 0 ? (
                    <Text size="sm" c="dimmed" px={8} py={6}>
                      {REGISTRATION_TEXTS.noShiftsInCategory}
                    </Text>
                  ) : (
                    <DayRows
                      jobs={group.items}
                      headingOrder={5}
                      renderRow={(job) =>
                        waitable(job) ? (
                          // Waiting is its own tick, labelled as such: it never chooses the shift.
                          <ShiftRow
                            key={job.id}
                            job={job}
                            underDay
                            badge={
                              <Badge component="span" color="orange" variant="filled" autoContrast tt="none">
                                {SHIFT_WAITLIST_TEXTS.fullJoin}
                              </Badge>
                            }
                            selection={{
                              checked: choices.waitJobs.includes(job.id),
                              disabled: false,
                              onChange: (checked) => onToggleWait?.(job.id, checked),
                            }}
                          />
                        ) : (
                          <ShiftRow
                            key={job.id}
                            job={job}
                            underDay
                            selection={{
                              checked: choices.jobIds.includes(job.id),
                              disabled: !isJobPickable(job, choices),
                              onChange: (checked) => onToggle(job.id, checked),
                            }}
                          />
                        )
                      }
                    />
                  )}
                </Stack>
              ),
            };
          })}
        />
      )}
    </Stack>
  );
}

/**
 * Step 4's summary: the count ('Selected: N shifts') and each rule's progress; the shifts waited for apart
 * (`waiting`), as they never count.
 */
export function ShiftsSummary({ progress, waiting = 0 }: { progress: ShiftProgress; waiting?: number }) {
  return (
    <div className={classes.summary}>
      <Text fw={700} aria-live="polite">
        Selected: {shiftsWord(progress.chosen)}
        {!progress.waived && progress.needed > 0 && (
          <Text span c="dimmed" inherit fw={400}>
            {' '}
            of {progress.needed} needed
          </Text>
        )}
      </Text>
      <Text size="sm" aria-live="polite">
        {waiting > 0 && SHIFT_WAITLIST_TEXTS.summaryWaiting(shiftsWord(waiting))}
      </Text>
      {progress.items.length > 0 && (
        <ul className={classes.progressList} aria-label="What is still required">
          {progress.items.map((item) => {
            const met = item.chosen >= item.needed;
            return (
              <li key={item.label} className={classes.progressItem} data-met={met || undefined}>
                <span aria-hidden="true" className={classes.progressMark}>
                  {met ? '✓' : '○'}
                </span>{' '}
                {item.label}: {Math.min(item.chosen, item.needed)} of {item.needed}
                <VisuallyHidden>{met ? ', done' : ', still required'}</VisuallyHidden>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The bar under step 4's list that stays in view (sticky): the summary with the step's problems beside it,
 * and Back and Continue. It tells the list how tall it is, so a focused row scrolls clear of it.
 */
export function ShiftsStepBar({
  summary,
  problems,
  actions,
}: {
  summary: ReactNode;
  problems: ReactNode;
  actions: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    const form = element?.parentElement;
    if (!element || !form || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      form.style.setProperty('--shift-list-sticky-bottom', `${element.offsetHeight + 16}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={bar} className={classes.stickyBar} role="region" aria-label="Shift summary">
      <div className={classes.barSummary}>{summary}</div>
      <div className={classes.barProblems}>{problems}</div>
      <div className={classes.barActions}>{actions}</div>
    </div>
  );
}
