import type { CampingOption } from '@camp/shared/camping-options';
import type { Registration, RegistrationCampingOption } from '@camp/shared/registrations';
import { compareShifts, isJobFull, isOptionFull, jobSpots, shiftWhenText } from '@camp/shared/rules';
import type { Job } from '@camp/shared/work';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from './admin-registration-texts';
import type { Choice } from './components/choice-list';

// What the edit offers (spec §5 Admin edit, §9 capacity): every job and camping option with its free places;
// a full one (or a disabled option) is marked and cannot be chosen unless the registration already holds it.

/** '3 of 10 places left'. */
export function placesLeftText(left: number, max: number): string {
  return `${Math.max(0, left)} of ${max} ${max === 1 ? 'place' : 'places'} left`;
}

type HeldJob = Registration['jobs'][number]['job'];

const heldJobChoice = (job: HeldJob): Choice => ({
  id: job.id,
  label: job.name,
  detail: `${job.category.name} · ${shiftWhenText(job.shift)}`,
  disabled: false,
});

/**
 * The jobs to choose from: every job in festival order with its places, or (when the jobs could not be
 * loaded) only those the registration holds.
 */
export function jobChoices(
  jobs: readonly Job[] | undefined,
  registration: Pick<Registration, 'jobs'>,
): Choice[] {
  const held = registration.jobs.map(({ job }) => job);
  if (!jobs) return held.map(heldJobChoice);
  const heldIds = new Set(held.map((job) => job.id));
  const listed = [...jobs]
    .sort((a, b) => compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name))
    .map((job): Choice => {
      const full = isJobFull(job);
      return {
        id: job.id,
        label: job.name,
        detail: `${job.category.name} · ${shiftWhenText(job.shift)} · ${placesLeftText(jobSpots(job), job.maxRegistrations)}`,
        badge: full ? TEXTS.full : undefined,
        disabled: full && !heldIds.has(job.id),
      };
    });
  const missing = held.filter((job) => !jobs.some((item) => item.id === job.id)).map(heldJobChoice);
  return [...listed, ...missing];
}

const heldOptionChoice = ({ campingOption }: RegistrationCampingOption): Choice => ({
  id: campingOption.id,
  label: campingOption.name,
  detail: campingOption.description,
  disabled: false,
});

/**
 * The camping options to choose from: every option (disabled ones too) with its places, or (when they could
 * not be loaded) only those the registration holds.
 */
export function optionChoices(
  options: readonly CampingOption[] | undefined,
  held: readonly RegistrationCampingOption[],
): Choice[] {
  if (!options) return held.map(heldOptionChoice);
  const heldIds = new Set(held.map(({ campingOption }) => campingOption.id));
  const listed = [...options]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((option): Choice => {
      const full = isOptionFull(option);
      const places =
        option.maxSignups === 0
          ? 'Unlimited places'
          : placesLeftText(option.maxSignups - option.currentRegistrations, option.maxSignups);
      return {
        id: option.id,
        label: option.name,
        detail: places,
        badge: !option.enabled ? TEXTS.disabled : full ? TEXTS.full : undefined,
        disabled: (!option.enabled || full) && !heldIds.has(option.id),
      };
    });
  const missing = held
    .filter(({ campingOption }) => !options.some((option) => option.id === campingOption.id))
    .map(heldOptionChoice);
  return [...listed, ...missing];
}
