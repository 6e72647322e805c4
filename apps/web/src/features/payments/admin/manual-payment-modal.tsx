import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import type { ManualPaymentInput, OwedRegistration } from '@camp/shared/payments';
import {
  formatDollars,
  MANUAL_PAYMENT_METHOD_LABELS,
  MANUAL_PAYMENT_METHODS,
  MANUAL_REFERENCE_MAX,
} from '@camp/shared/rules';
import {
  Button,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, type FormEvent } from 'react';
import { FormActions, type FormError } from '../../../components/form-actions';
import { DialogShell } from '../../../components/form-modal';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useModalForm } from '../../../components/use-modal-form';
import { useOwedRegistrations } from '../api/get-owed-registrations';
import { ADMIN_PAYMENT_MESSAGES } from './admin-payment-messages';
import { owedRegistrationLabel } from './payment-money';
import { EMPTY_MANUAL_PAYMENT, manualPaymentForm, toManualPaymentInput } from './payment-forms';

const TITLE = 'Record manual payment';

const METHOD_OPTIONS = [
  { value: '', label: 'Select how it was paid' },
  ...MANUAL_PAYMENT_METHODS.map((method) => ({ value: method, label: MANUAL_PAYMENT_METHOD_LABELS[method] })),
];

export interface ManualPaymentModalProps {
  saving: boolean;
  saveError: FormError | null;
  onSave: (input: ManualPaymentInput) => void;
  onClose: () => void;
}

/**
 * Record a payment made by cash, check or bank transfer against a registration that owes dues. Mounted only
 * while open; it asks for what is owed each time. One dialog throughout (loading, failure, nobody owing, the
 * form), so focus stays in it and returns to the opener on close.
 */
export function ManualPaymentModal({ saving, saveError, onSave, onClose }: ManualPaymentModalProps) {
  const owed = useOwedRegistrations();
  const dismiss = () => {
    if (!saving) onClose();
  };

  let body;
  if (owed.isPending) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Loading the registrations that owe dues...</Text>
      </Group>
    );
  } else if (owed.isError) {
    body = (
      <LoadFailedAlert
        title={ADMIN_PAYMENT_MESSAGES.fetchOwed}
        onRetry={() => void owed.refetch()}
        retrying={owed.isFetching}
      />
    );
  } else if (owed.data.length === 0) {
    body = (
      <Stack gap="md">
        <Text>{ADMIN_PAYMENT_MESSAGES.nobodyOwes}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <ManualPaymentForm
        registrations={owed.data}
        saving={saving}
        saveError={saveError}
        onSave={onSave}
        onCancel={dismiss}
      />
    );
  }

  return (
    <DialogShell opened title={TITLE} saving={saving} onClose={onClose}>
      {body}
    </DialogShell>
  );
}

interface ManualPaymentFormProps {
  registrations: readonly OwedRegistration[];
  saving: boolean;
  saveError: FormError | null;
  onSave: (input: ManualPaymentInput) => void;
  onCancel: () => void;
}

function ManualPaymentForm({ registrations, saving, saveError, onSave, onCancel }: ManualPaymentFormProps) {
  const options = useMemo(
    () =>
      registrations.map((registration) => ({
        value: registration.registrationId,
        label: owedRegistrationLabel(registration),
      })),
    [registrations],
  );
  const { values, errors, formError, setValues, clearErrors, textField, numberField, submit } = useModalForm({
    initialValues: () => EMPTY_MANUAL_PAYMENT,
    form: manualPaymentForm(registrations),
    onSave: (checked) => onSave(toManualPaymentInput(checked)),
  });
  const chosen = registrations.find((registration) => registration.registrationId === values.registrationId);

  const choose = (registrationId: string | null) => {
    const next = registrations.find((registration) => registration.registrationId === registrationId);
    // The amount starts at what the chosen registration owes.
    setValues((current) => ({
      ...current,
      registrationId: next?.registrationId ?? '',
      amount: next ? next.owed : '',
    }));
    clearErrors('registrationId', 'amount');
  };

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) submit();
  };

  return (
    <form noValidate onSubmit={send} aria-busy={saving || undefined}>
      <Stack gap="md">
        <Select
          label="Registration"
          description={
            chosen
              ? `Dues ${formatDollars(chosen.dues)}, paid ${formatDollars(chosen.paid)}, owes ${formatDollars(chosen.owed)}`
              : 'Type a name or e-mail to find who paid'
          }
          placeholder="Choose a registration"
          required
          searchable
          data-autofocus
          nothingFoundMessage="No registration owing dues matches"
          data={options}
          value={values.registrationId || null}
          onChange={choose}
          error={errors.registrationId && ADMIN_PAYMENT_MESSAGES.chooseRegistration}
          maxDropdownHeight={280}
        />
        <NumberInput
          label="Amount"
          description="In US dollars"
          required
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          step={0.01}
          min={0}
          max={chosen?.owed}
          clampBehavior="none"
          {...numberField('amount')}
        />
        <NativeSelect label="Method" required data={METHOD_OPTIONS} {...textField('method')} />
        <TextInput
          label="Reference"
          description="Receipt or check number, or the transfer's id"
          required
          maxLength={MANUAL_REFERENCE_MAX}
          {...textField('reference')}
        />
        <FormActions
          submitLabel="Record payment"
          saving={saving}
          error={formError ? { title: formError } : saveError}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
