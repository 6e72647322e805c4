import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import type { CancelRegistrationInput } from '@camp/shared/admin-registrations';
import type { Registration } from '@camp/shared/registrations';
import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  centsToDollars,
  formatDollars,
  personName,
} from '@camp/shared/rules';
import { Alert, Checkbox, Text } from '@mantine/core';
import { DialogForm, DialogShell } from '../../../components/form-modal';
import { usePaymentsAvailable } from '../../payments';
import { useModalForm } from '../../../components/use-modal-form';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from '../admin-registration-texts';
import { cancelForm, EMPTY_CANCEL_FORM, toCancelInput } from '../registration-forms';
import { paidCentsByWay } from '../registration-format';
import { DialogFooter } from './dialog-footer';
import { RegistrationSummary } from './registration-summary';
import { ReasonTextarea } from './reason-textarea';

export interface CancelRegistrationModalProps {
  registration: Registration;
  saving: boolean;
  onSave: (input: CancelRegistrationInput) => void;
  onClose: () => void;
}

const money = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * The cancel of docs/product.md §5: a reason (the shared schema's rules and messages), a refund of the completed
 * payments and the notification, both off to start with. The refund is offered only when it can be made:
 * there are completed payments, and card ones only while Stripe is set up (else the dialog says why). It
 * says how each kind is given back: card payments through Stripe, cash, check and transfer ones by hand.
 */
export function CancelRegistrationModal({
  registration,
  saving,
  onSave,
  onClose,
}: CancelRegistrationModalProps) {
  const paid = paidCentsByWay(registration);
  const stripe = usePaymentsAvailable();
  const cardBlocked = paid.card > 0 && !stripe.available;
  const canRefund = paid.card + paid.manual > 0 && !cardBlocked && !stripe.isLoading;
  const { formError, clearingTextField, checkField, submit } = useModalForm({
    initialValues: () => EMPTY_CANCEL_FORM,
    form: cancelForm(canRefund),
    onSave: (checked) => onSave(toCancelInput(checked, canRefund)),
  });

  return (
    <DialogShell
      opened
      title={`Cancel registration of ${personName(registration.user)}`}
      saving={saving}
      onClose={onClose}
      size="md"
    >
      <DialogForm saving={saving} onSubmit={submit}>
        <RegistrationSummary registration={registration} />
        <Alert color="orange" variant="light" p="sm">
          {TEXTS.cancelWarning}
        </Alert>
        <ReasonTextarea
          label="Reason"
          description={`At least ${CANCEL_REASON_MIN} characters; kept in the audit trail.`}
          resize="vertical"
          maxLength={CANCEL_REASON_MAX}
          {...clearingTextField('reason')}
        />
        {canRefund && (
          <Checkbox
            label={TEXTS.processRefund}
            description={
              <>
                {paid.card > 0 && (
                  <span style={{ display: 'block' }}>{TEXTS.refundByCard(money(paid.card))}</span>
                )}
                {paid.manual > 0 && (
                  <span style={{ display: 'block' }}>{TEXTS.refundByHand(money(paid.manual))}</span>
                )}
              </>
            }
            {...checkField('processRefund')}
          />
        )}
        {cardBlocked && !stripe.isLoading && (
          <Text size="sm" c="dimmed">
            {TEXTS.refundUnavailable(money(paid.card))}
          </Text>
        )}
        <Checkbox label={TEXTS.notify} {...checkField('sendNotification')} />
        {formError && <Alert color="red" variant="light" role="alert" title={formError} />}
        <DialogFooter
          submitLabel="Cancel registration"
          closeLabel="Keep registration"
          saving={saving}
          danger
          onClose={onClose}
        />
      </DialogForm>
    </DialogShell>
  );
}
