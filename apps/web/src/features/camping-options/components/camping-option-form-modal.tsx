import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import { CAMPING_OPTION_DESCRIPTION_MAX, CAMPING_OPTION_NAME_MAX, WAITLIST_TEXTS } from '@camp/shared/rules';
import type { CampingOption } from '@camp/shared/camping-options';
import type { JobCategory } from '@camp/shared/work';
import { Checkbox, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DescriptionTextarea } from '../../../components/description-textarea';
import { useAddEditForm } from '../../../components/use-modal-form';
import { AddEditFormModal, NameInput, type SaveModalProps } from '../../../components/form-modal';
import {
  campingOptionForm,
  campingOptionFormValues,
  type CampingOptionFormValues,
} from '../camping-option-form';

export interface CampingOptionFormModalProps extends SaveModalProps<CampingOptionFormValues> {
  /** The option to edit; absent to add one. */
  option?: CampingOption;
  /** Undefined while loading. */
  jobCategories: readonly JobCategory[] | undefined;
  jobCategoriesError: string | null;
}

/** Add or edit a camping option (docs/product.md §5 Camping option). Mounted only while open. */
export function CampingOptionFormModal({
  option,
  jobCategories,
  jobCategoriesError,
  ...save
}: CampingOptionFormModalProps) {
  const { modal, values, set, textField, numberField, checkField } = useAddEditForm({
    noun: 'Camping Option',
    item: option,
    initialValues: campingOptionFormValues,
    form: campingOptionForm,
    ...save,
  });

  const money = {
    prefix: '$',
    decimalScale: 2,
    step: 0.01,
    min: 0,
    thousandSeparator: ',',
    // Keep what was typed so a negative amount gets its message instead of silently becoming 0.
    clampBehavior: 'none',
  } as const;
  const count = { min: 0, step: 1, allowDecimal: false, clampBehavior: 'none' } as const;

  return (
    <AddEditFormModal {...modal}>
      <NameInput maxLength={CAMPING_OPTION_NAME_MAX} {...textField('name')} />
      <DescriptionTextarea maxLength={CAMPING_OPTION_DESCRIPTION_MAX} {...textField('description')} />
      <Switch
        label="Enabled"
        description="Campers can choose only enabled options."
        {...checkField('enabled')}
      />
      <Switch
        label={WAITLIST_TEXTS.optionSwitch}
        description={WAITLIST_TEXTS.optionSwitchHelp}
        {...checkField('waitlistEnabled')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label="Participant dues"
          description="In US dollars"
          {...money}
          {...numberField('participantDues')}
        />
        <NumberInput
          label="Staff dues"
          description="In US dollars, paid by staff and admins"
          {...money}
          {...numberField('staffDues')}
        />
        <NumberInput
          label="Max signups"
          description="0 means unlimited"
          {...count}
          {...numberField('maxSignups')}
        />
        <NumberInput
          label="Work shifts required"
          description="Shifts each camper on this option must work"
          {...count}
          {...numberField('workShiftsRequired')}
        />
      </SimpleGrid>
      <Checkbox.Group
        label="Job categories"
        description="Shifts in these categories count toward this option's required work shifts."
        value={values.jobCategoryIds}
        onChange={(ids) => set('jobCategoryIds', ids)}
      >
        <Stack gap="xs" mt="xs">
          {jobCategoriesError ? (
            <Text size="sm" c="red.8" role="alert">
              {jobCategoriesError}
            </Text>
          ) : !jobCategories ? (
            <Text size="sm" c="dimmed">
              Loading job categories...
            </Text>
          ) : jobCategories.length === 0 ? (
            <Text size="sm" c="dimmed">
              No job categories yet. Add them under Job Categories.
            </Text>
          ) : (
            jobCategories.map((category) => (
              <Checkbox
                key={category.id}
                value={category.id}
                label={category.name}
                description={category.staffOnly ? 'Staff only' : undefined}
              />
            ))
          )}
        </Stack>
      </Checkbox.Group>
    </AddEditFormModal>
  );
}
