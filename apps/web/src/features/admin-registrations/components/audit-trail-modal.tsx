import type { AuditRecord } from '@camp/shared/admin-registrations';
import type { Registration } from '@camp/shared/registrations';
import { formatDateTime, personName } from '@camp/shared/rules';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from '../admin-registration-texts';
import { useAuditTrail } from '../api/get-audit-trail';
import { actionLabel, adminName, auditChanges, groupAuditRecords, type AuditGroup } from '../audit-trail';
import classes from './audit-trail-modal.module.css';
import { RegistrationReadDialog } from './registration-read-dialog';

/** What changed in one record: 'Status: PENDING → CONFIRMED' per key whose value differs. */
function Changes({ record }: { record: AuditRecord }) {
  const changes = auditChanges(record);
  if (changes.length === 0) return null;
  return (
    <ul className={classes.changes}>
      {changes.map((change) => (
        <li key={change.key}>
          <Text span fw={600} inherit>
            {change.label}:
          </Text>{' '}
          {change.from} → {change.to}
        </li>
      ))}
    </ul>
  );
}

function GroupCard({ group }: { group: AuditGroup }) {
  const [open, setOpen] = useState(false);
  const relatedId = useId();
  const { first, related } = group;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} fz="md">
            {actionLabel(first)}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(first.createdAt)}
          </Text>
        </Group>
        <Text size="sm">By {adminName(first)}</Text>
        {first.reason && (
          <Text size="sm">
            <Text span fw={600} inherit>
              Reason:
            </Text>{' '}
            {first.reason}
          </Text>
        )}
        <Changes record={first} />
        {related.length > 0 && (
          <>
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={open}
                aria-controls={open ? relatedId : undefined}
                onClick={() => setOpen((value) => !value)}
              >
                <span aria-hidden="true">{open ? '▾' : '▸'}&nbsp;</span>
                {related.length} related {related.length === 1 ? 'change' : 'changes'}
              </Button>
            </div>
            {open && (
              <ul id={relatedId} className={classes.related}>
                {related.map((record) => (
                  <li key={record.id}>
                    <Text size="sm" fw={600}>
                      {actionLabel(record)}
                    </Text>
                    <Changes record={record} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

export interface AuditTrailModalProps {
  registration: Registration;
  onClose: () => void;
}

/**
 * The registration's history (docs/product.md §4): records grouped by transaction, newest first; each group shows its
 * first record (action, admin, date, reason, what changed) and folds out its related changes.
 */
export function AuditTrailModal({ registration, onClose }: AuditTrailModalProps) {
  const trail = useAuditTrail(registration.id);
  let body;
  if (trail.isPending) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading audit trail...
        </Text>
      </Group>
    );
  } else if (trail.isError) {
    body = (
      <LoadFailedAlert
        title={TEXTS.auditErrorTitle}
        onRetry={() => void trail.refetch()}
        retrying={trail.isFetching}
      >
        {TEXTS.auditError}
      </LoadFailedAlert>
    );
  } else if (trail.data.length === 0) {
    body = (
      <Stack gap={4} ta="center" py="md">
        <Title order={3} fz="md">
          {TEXTS.auditEmptyTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {TEXTS.auditEmpty}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack component="ul" gap="sm" className={classes.groups} aria-label="Changes, newest first">
        {groupAuditRecords(trail.data).map((group) => (
          <GroupCard key={group.key} group={group} />
        ))}
      </Stack>
    );
  }
  return (
    <RegistrationReadDialog
      registration={registration}
      title={`Audit trail of ${personName(registration.user)}`}
      onClose={onClose}
    >
      {body}
    </RegistrationReadDialog>
  );
}
