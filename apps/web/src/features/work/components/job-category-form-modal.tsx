import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { JOB_CATEGORY_DESCRIPTION_MAX, JOB_CATEGORY_NAME_MAX } from '@camp/shared/rules';
import type { JobCategory } from '@camp/shared/work';
import { Checkbox, Stack, TextInput, Textarea } from '@mantine/core';
import { useModalForm } from '../../../components/use-modal-form';
import { FormModal, type FormModalError } from '../../../components/form-modal';
import { jobCategoryForm, jobCategoryFormValues, type JobCategoryFormValues } from '../work-form';

export interface JobCategoryFormModalProps {
  /** The category to edit; absent to add one. */
  category?: JobCategory;
  saving: boolean;
  saveError: FormModalError | null;
  onSave: (values: JobCategoryFormValues) => void;
  onClose: () => void;
}

/** Add or edit a job category (docs/product.md §5 Job category). Mounted only while open, so it starts fresh each time. */
export function JobCategoryFormModal({
  category,
  saving,
  saveError,
  onSave,
  onClose,
}: JobCategoryFormModalProps) {
  const { values, errors, formError, set, submit } = useModalForm({
    initialValues: () => jobCategoryFormValues(category),
    form: jobCategoryForm,
    onSave,
  });

  return (
    <FormModal
      opened
      title={category ? 'Edit Job Category' : 'Add Job Category'}
      submitLabel={category ? 'Save Changes' : 'Add Job Category'}
      saving={saving}
      error={formError ? { title: formError } : saveError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={JOB_CATEGORY_NAME_MAX}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label="Description"
        required
        rows={3}
        resize="vertical"
        maxLength={JOB_CATEGORY_DESCRIPTION_MAX}
        description={`Up to ${JOB_CATEGORY_DESCRIPTION_MAX} characters; campers see it when choosing shifts.`}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
      />
      <Stack gap="sm">
        <Checkbox
          label="Staff only"
          description="Only staff and admins see and choose jobs in this category."
          checked={values.staffOnly}
          onChange={(event) => set('staffOnly', event.currentTarget.checked)}
        />
        <Checkbox
          label="Always required"
          description="Every registration must include at least one shift in this category."
          checked={values.alwaysRequired}
          onChange={(event) => set('alwaysRequired', event.currentTarget.checked)}
        />
      </Stack>
    </FormModal>
  );
}
