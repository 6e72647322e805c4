import {
  type AdminApplication,
  APPLICATION_TEXTS as TEXTS,
  type ApplicationDecision,
  formatDate,
  formatDateTime,
} from '@camp/shared/rules';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { DialogShell } from '../../../components/form-modal';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { typedTextStyle } from '../../../lib/typed-text';

/** Long words and addresses break anywhere rather than widen a phone's screen; line breaks are kept. */

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * One application as admins read it: the applicant, "Tell us about yourself", the answers, the message of the
 * latest decision and the history of decisions; Approve and Decline open the decision dialog for it alone.
 */
export function ApplicationDetailsModal({
  application,
  timeZone,
  onDecide,
  onClose,
}: {
  application: AdminApplication;
  timeZone: string;
  onDecide: (decision: ApplicationDecision) => void;
  onClose: () => void;
}) {
  const { applicant } = application;
  return (
    <DialogShell opened title={TEXTS.detailsTitle(applicant.name)} onClose={onClose} size="lg">
      <Stack gap="md">
        <Stack gap={2}>
          {applicant.playaName && <Text size="sm">“{applicant.playaName}”</Text>}
          <Text size="sm" style={typedTextStyle}>
            {applicant.email}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {TEXTS.submittedOn(formatDate(application.submittedAt))}
            </Text>
            <ApplicationStatusBadge status={application.status} size="sm" />
          </Group>
        </Stack>
        <Part title={TEXTS.aboutLabel}>
          <Text size="sm" style={typedTextStyle}>
            {application.about}
          </Text>
        </Part>
        {application.answers.length > 0 && (
          <Part title={TEXTS.answers}>
            <Stack component="dl" gap="xs" m={0}>
              {application.answers.map((answer) => (
                <div key={answer.questionId}>
                  <Text component="dt" size="sm" fw={600} style={typedTextStyle}>
                    {answer.question}
                  </Text>
                  <Text
                    component="dd"
                    size="sm"
                    m={0}
                    c={answer.answer.trim() === '' ? 'dimmed' : undefined}
                    style={typedTextStyle}
                  >
                    {answer.answer.trim() === '' ? TEXTS.noAnswer : answer.answer}
                  </Text>
                </div>
              ))}
            </Stack>
          </Part>
        )}
        {application.message && (
          <Part title={TEXTS.decisionMessage}>
            <Text size="sm" style={typedTextStyle}>
              {application.message}
            </Text>
          </Part>
        )}
        <Part title={TEXTS.history}>
          {application.history.length === 0 ? (
            <Text size="sm" c="dimmed">
              {TEXTS.noHistory}
            </Text>
          ) : (
            <Stack component="ol" gap="xs" m={0} pl="md" aria-label={TEXTS.history}>
              {application.history.map((record) => (
                <li key={`${record.decidedAt}-${record.status}`}>
                  <Text size="sm">
                    {TEXTS.decidedBy(
                      record.status,
                      record.decidedBy?.name ?? TEXTS.formerAdmin,
                      formatDateTime(record.decidedAt, timeZone),
                    )}
                  </Text>
                  {record.message && (
                    <Text size="sm" c="dimmed" style={typedTextStyle}>
                      {record.message}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </Part>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button color="red.9" variant="light" onClick={() => onDecide('DECLINED')}>
            {TEXTS.decline}
          </Button>
          <Button onClick={() => onDecide('APPROVED')}>{TEXTS.approve}</Button>
        </Group>
      </Stack>
    </DialogShell>
  );
}
