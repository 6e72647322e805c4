import '@mantine/core/styles/Input.css';
import { formatNoteTime, isNoteEdited, USER_NOTE_MAX, USER_NOTE_TEXTS as TEXTS } from '@camp/shared/rules';
import { type UserNote, UserNoteInputSchema } from '@camp/shared/user-notes';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { InPlaceConfirm } from '../../../components/in-place-confirm';
import { useInPlaceItem } from '../../../components/use-in-place-item';
import { queryStatus } from '../../../components/query-status';
import { failureDetail } from '../../../lib/api-client';
import { useUserNoteChanges, useUserNotes } from '../api/user-notes';
import { typedTextStyle } from '../../../lib/typed-text';

/** The shared schema's first message for a note's text, or null when it may be sent. */
function noteProblem(body: string): string | null {
  const result = UserNoteInputSchema.safeParse({ body });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A failed call as people read it: our text, then the server's reason when it gave one. */
function failureText(title: string, error: unknown): string {
  const detail = failureDetail(error);
  return detail ? `${title}: ${detail}` : title;
}

/** The text box of a note (new or edited), with its count and the rule's message. */
function NoteField({
  label,
  value,
  error,
  disabled,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Textarea
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      rows={3}
      maxLength={USER_NOTE_MAX}
      description={`${value.length}/${USER_NOTE_MAX}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      // Focus moves into the box the admin just opened (Edit).
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function NoteItem({ note, userId }: { note: UserNote; userId: string }) {
  const { update, remove } = useUserNoteChanges(userId);
  const item = useInPlaceItem<'edit' | 'delete'>('delete');
  const { mode, setMode, failure, setFailure, cancelRef, firstActionRef, headingId } = item;
  const [draft, setDraft] = useState(note.body);
  const [problem, setProblem] = useState<string | null>(null);

  // Focus returns to the note's Edit button (Delete's box closes where it opened).
  const back = () => {
    setProblem(null);
    item.back();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = noteProblem(draft);
    setProblem(found);
    setFailure(null);
    if (found) return;
    update.mutate(
      { noteId: note.id, input: { body: draft } },
      { onSuccess: back, onError: (error) => setFailure(failureText(TEXTS.updateFailed, error)) },
    );
  };

  const confirmDelete = () => {
    setFailure(null);
    remove.mutate(note.id, {
      onError: (error) => setFailure(failureText(TEXTS.deleteFailed, error)),
    });
  };

  const when = formatNoteTime(note.createdAt);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
          <Text id={headingId} size="sm" fw={600}>
            {note.author?.name ?? TEXTS.formerAdmin}
            {note.mine && (
              <Text span size="sm" c="dimmed" inherit fw={400}>
                {' '}
                ({TEXTS.you})
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={note.createdAt}>{when}</time>
            {isNoteEdited(note) && ` · ${TEXTS.edited}`}
          </Text>
        </Group>
        {mode === 'edit' ? (
          <form onSubmit={save} noValidate>
            <Stack gap="xs">
              <NoteField
                label={TEXTS.editLabel}
                value={draft}
                error={problem}
                disabled={update.isPending}
                onChange={setDraft}
                autoFocus
              />
              {failure && (
                <Alert color="red" variant="light" role="alert" p="xs">
                  {failure}
                </Alert>
              )}
              <Group gap="xs" justify="flex-end">
                <Button variant="default" size="xs" onClick={back} disabled={update.isPending}>
                  {TEXTS.cancel}
                </Button>
                <Button type="submit" size="xs" loading={update.isPending}>
                  {TEXTS.save}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text size="sm" style={typedTextStyle}>
            {note.body}
          </Text>
        )}
        {mode === 'delete' && (
          <InPlaceConfirm
            title={TEXTS.deleteTitle}
            message={TEXTS.deleteMessage}
            failure={failure}
            cancelLabel={TEXTS.cancel}
            confirmLabel={TEXTS.deleteConfirm}
            pending={remove.isPending}
            cancelRef={cancelRef}
            onCancel={back}
            onConfirm={confirmDelete}
          />
        )}
        {note.mine && mode === 'view' && (
          <Group gap="xs">
            <Button
              ref={firstActionRef}
              variant="light"
              size="compact-sm"
              onClick={() => {
                setDraft(note.body);
                setMode('edit');
              }}
            >
              {TEXTS.edit}
            </Button>
            <Button variant="light" color="red" size="compact-sm" onClick={() => setMode('delete')}>
              {TEXTS.delete}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export interface UserNotesProps {
  /** The person the notes are about. */
  userId: string;
  /** Shows the "Notes" heading (leave it out where the dialog's title already says it). */
  withHeading?: boolean;
}

/**
 * A person's internal notes (docs/product.md §12 Internal notes): the list, newest first, with author, time and
 * "edited"; a box to add one; Edit and Delete (after a question) on the admin's own notes. Admin → Users' drawer
 * and Manage Registrations both show it.
 */
export function UserNotes({ userId, withHeading = true }: UserNotesProps) {
  const notes = useUserNotes(userId);
  const { add } = useUserNoteChanges(userId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = noteProblem(draft);
    setProblem(found);
    setFailure(null);
    if (found) return;
    add.mutate(
      { body: draft },
      {
        onSuccess: () => setDraft(''),
        onError: (error) => setFailure(failureText(TEXTS.addFailed, error)),
      },
    );
  };

  const items = notes.data ?? [];
  const list =
    queryStatus(notes, TEXTS) ??
    (items.length === 0 ? (
      <Text size="sm" c="dimmed">
        {TEXTS.empty}
      </Text>
    ) : (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={TEXTS.title}>
        {items.map((note) => (
          <NoteItem key={note.id} note={note} userId={userId} />
        ))}
      </Stack>
    ));

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={withHeading ? headingId : undefined}
      aria-label={withHeading ? undefined : TEXTS.title}
    >
      {withHeading && (
        <Title order={3} fz="md" id={headingId}>
          {TEXTS.title}
        </Title>
      )}
      <Text size="sm" c="dimmed">
        {TEXTS.intro}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <NoteField
            label={TEXTS.newLabel}
            value={draft}
            error={problem}
            disabled={add.isPending}
            onChange={(value) => {
              setDraft(value);
              if (problem) setProblem(null);
            }}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {TEXTS.add}
            </Button>
          </Group>
        </Stack>
      </form>
      {list}
    </Stack>
  );
}
