import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { JOB_CATEGORY_DESCRIPTION_MAX, JOB_CATEGORY_NAME_MAX } from '@camp/shared/rules';
import type { JobCategory } from '@camp/shared/work';
import { Checkbox, Stack } from '@mantine/core';
import { DescriptionTextarea } from '../../../components/description-textarea';
import { useAddEditForm } from '../../../components/use-modal-form';
import { AddEditFormModal, NameInput, type SaveModalProps } from '../../../components/form-modal';
import { jobCategoryForm, jobCategoryFormValues, type JobCategoryFormValues } from '../work-form';

export interface JobCategoryFormModalProps extends SaveModalProps<JobCategoryFormValues> {
  /** The category to edit; absent to add one. */
  category?: JobCategory;
}

/** Add or edit a job category (docs/product.md §5 Job category). Mounted only while open, so it starts fresh each time. */
export function JobCategoryFormModal({ category, ...save }: JobCategoryFormModalProps) {
  const { modal, textField, checkField } = useAddEditForm({
    noun: 'Job Category',
    item: category,
    initialValues: jobCategoryFormValues,
    form: jobCategoryForm,
    ...save,
  });

  return (
    <AddEditFormModal {...modal}>
      <NameInput maxLength={JOB_CATEGORY_NAME_MAX} {...textField('name')} />
      <DescriptionTextarea
        required
        rows={3}
        maxLength={JOB_CATEGORY_DESCRIPTION_MAX}
        description={`Up to ${JOB_CATEGORY_DESCRIPTION_MAX} characters; campers see it when choosing shifts.`}
        {...textField('description')}
      />
      <Stack gap="sm">
        <Checkbox
          label="Staff only"
          description="Only staff and admins see and choose jobs in this category."
          {...checkField('staffOnly')}
        />
        <Checkbox
          label="Always required"
          description="Every registration must include at least one shift in this category."
          {...checkField('alwaysRequired')}
        />
      </Stack>
    </AddEditFormModal>
  );
}
