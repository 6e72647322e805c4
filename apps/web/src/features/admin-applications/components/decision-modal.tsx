import '@mantine/core/styles/Input.css';
import { ApplicationDecisionInputSchema } from '@camp/shared/applications';
import {
  APPLICATION_MESSAGE_MAX,
  APPLICATION_TEXTS as TEXTS,
  type ApplicationDecision,
} from '@camp/shared/rules';
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';

/** The question before a decision on `count` applications, with the one optional message for them all. */
export function DecisionModal({
  ids,
  decision,
  saving,
  onConfirm,
  onClose,
}: {
  ids: readonly string[];
  decision: ApplicationDecision;
  saving: boolean;
  /** The message, trimmed; undefined when none was written. */
  onConfirm: (message: string | undefined) => void;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const approving = decision === 'APPROVED';

  const confirm = () => {
    const written = message.trim() === '' ? undefined : message;
    const result = ApplicationDecisionInputSchema.safeParse({ ids, decision, message: written });
    const found = result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path[0] === 'message');
    setProblem(found?.message ?? null);
    if (!found) onConfirm(written?.trim());
  };

  return (
    <FormModal
      opened
      title={approving ? TEXTS.approveTitle(ids.length) : TEXTS.declineTitle(ids.length)}
      submitLabel={approving ? TEXTS.confirmApprove : TEXTS.confirmDecline}
      saving={saving}
      onSubmit={confirm}
      onClose={onClose}
      size="md"
    >
      <Textarea
        label={TEXTS.messageLabel}
        description={TEXTS.messageHint}
        value={message}
        error={problem}
        rows={4}
        resize="vertical"
        maxLength={APPLICATION_MESSAGE_MAX}
        data-autofocus
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
    </FormModal>
  );
}
