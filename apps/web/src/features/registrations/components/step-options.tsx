import {
  canJoinOptionWaitlist,
  formatDollars,
  isOptionSelectable,
  optionDuesFor,
  optionPlacesLeft,
  REGISTRATION_TEXTS,
  type Role,
  WAITLIST_TEXTS,
} from '@camp/shared/rules';
import type { CampingOption } from '@camp/shared/camping-options';
import { Checkbox, Fieldset, Paper, Stack, Text } from '@mantine/core';
import { ChoiceLabel } from '../../../components/choice-label';
import classes from './wizard.module.css';

interface StepOptionsProps {
  options: readonly CampingOption[];
  selected: readonly string[];
  role: Role;
  onToggle: (optionId: string, checked: boolean) => void;
}

function placesText(option: CampingOption): string | null {
  const left = optionPlacesLeft(option);
  if (left === null) return null;
  return `${left} of ${option.maxSignups} places left`;
}

/**
 * Step 2 (docs/product.md §5, §10): enabled options with free places can be chosen; a full one with its waitlist on
 * can be chosen to join the waitlist; other full ones are listed as unavailable.
 */
export function StepOptions({ options, selected, role, onToggle }: StepOptionsProps) {
  if (options.length === 0) {
    return (
      <Text c="dimmed" role="status">
        {REGISTRATION_TEXTS.noOptions}
      </Text>
    );
  }
  return (
    <Fieldset legend="Camping options" variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Choose at least one camping option.
        </Text>
        {options.map((option) => {
          const checked = selected.includes(option.id);
          const waitlist = canJoinOptionWaitlist(option);
          const available = isOptionSelectable(option) || waitlist;
          const places = placesText(option);
          return (
            <Paper
              key={option.id}
              withBorder
              radius="md"
              p="md"
              className={classes.choice}
              data-disabled={!available || undefined}
            >
              <Checkbox
                checked={checked}
                disabled={!available && !checked}
                onChange={(event) => onToggle(option.id, event.currentTarget.checked)}
                label={
                  waitlist ? (
                    <ChoiceLabel
                      name={option.name}
                      badge={WAITLIST_TEXTS.fullJoinWaitlist}
                      badgeColor="orange"
                      badgeKeepsCase
                    />
                  ) : (
                    <ChoiceLabel
                      name={option.name}
                      badge={!available && (option.enabled ? 'Full - unavailable' : 'Unavailable')}
                    />
                  )
                }
                description={
                  <Stack gap={2} component="span">
                    {option.description && <span>{option.description}</span>}
                    <span>
                      Dues {formatDollars(optionDuesFor(option, role))}
                      {option.workShiftsRequired > 0 &&
                        ` · ${option.workShiftsRequired} work ${option.workShiftsRequired === 1 ? 'shift' : 'shifts'} required`}
                      {places && ` · ${places}`}
                    </span>
                  </Stack>
                }
              />
            </Paper>
          );
        })}
      </Stack>
    </Fieldset>
  );
}
