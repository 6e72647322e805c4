import type { CampingOption } from '@camp/shared/camping-options';
import type { RegistrationCampingOption } from '@camp/shared/registrations';
import { isOptionFull, optionPlacesLeft } from '@camp/shared/rules';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from './admin-registration-texts';
import type { Choice } from './components/choice-list';

// The camping options the edit offers, each with its free places; a full or disabled one is marked and cannot
// be chosen unless the registration already holds it. (The shifts are offered by the shift picker.)

/** '3 of 10 places left'. */
export function placesLeftText(left: number, max: number): string {
  return `${Math.max(0, left)} of ${max} ${max === 1 ? 'place' : 'places'} left`;
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
      const left = optionPlacesLeft(option);
      const places = left === null ? 'Unlimited places' : placesLeftText(left, option.maxSignups);
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
