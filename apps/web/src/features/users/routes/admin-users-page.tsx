import '@mantine/core/styles/Badge.css';
import { displayName, personName, ROLE_LABELS, type Role } from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type CSSProperties } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConfirmMessage } from '../../../components/confirm-message';
import { DataTable } from '../../../components/data-table';
import { FlagBadges, type Flag } from '../../../components/flag-badges';
import { RowAction, RowActions } from '../../../components/row-actions';
import { isApiError } from '../../../lib/api-client';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useAuth } from '../../auth';
import { useCreateUser } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { useEndSessions } from '../api/end-sessions';
import { useUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { UserDrawer, type UserDrawerMode } from '../components/user-drawer';
import type { UserFormError } from '../components/user-form';
import { toCreateUserInput, toUpdateUserInput, type UserFormValues } from '../user-form';
import { END_SESSIONS_MESSAGES, serverDetail, USER_MESSAGES } from '../user-messages';

const SEARCH_DEBOUNCE_MS = 300;

/** Light badges keep the page's text colour: Mantine's tinted text is below 4.5:1 on the tint (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

const ROLE_COLORS: Record<Role, string> = { ADMIN: 'dusk', STAFF: 'blue', PARTICIPANT: 'gray' };

/** The name a person is known by in this screen: first and last name, else the e-mail. */

function UserFlagBadges({ user }: { user: User }) {
  const flags = [
    !user.allowRegistration && { label: 'Registration blocked', color: 'red' },
    user.allowEarlyRegistration && { label: 'Early registration', color: 'teal' },
    user.allowDeferredDuesPayment && { label: 'Deferred dues', color: 'teal' },
    user.allowNoJob && { label: 'No job requirement', color: 'teal' },
  ].filter((flag): flag is Flag => Boolean(flag));
  return <FlagBadges flags={flags} badgeProps={{ style: BADGE_TEXT, tt: 'none' }} />;
}

const column = createColumnHelper<User>();

const columns = [
  column.accessor((user) => displayName(user), {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {displayName(row.original) || '—'}
        </Text>
        {row.original.playaName && (
          <Text size="xs" c="dimmed">
            “{row.original.playaName}”
          </Text>
        )}
      </Stack>
    ),
  }),
  column.accessor('email', {
    header: 'Email',
    // Whole on one line in the table; a phone shows cards, where a long address wraps.
    meta: { nowrap: true },
    cell: ({ getValue }) => <Text size="sm">{getValue()}</Text>,
  }),
  column.accessor((user) => ROLE_LABELS[user.role], {
    id: 'role',
    header: 'Role',
    meta: { nowrap: true },
    cell: ({ row }) => (
      <Badge color={ROLE_COLORS[row.original.role]} style={BADGE_TEXT} variant="light" tt="none">
        {ROLE_LABELS[row.original.role]}
      </Badge>
    ),
  }),
  column.display({
    id: 'flags',
    header: 'Permissions',
    cell: ({ row }) => <UserFlagBadges user={row.original} />,
  }),
];

/** /admin/users (docs/product.md §2 User Management): a searchable list, a side form, delete with confirmation. */
export default function AdminUsersPage() {
  const { user: me } = useAuth();
  const currentUserId = me?.id ?? null;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const users = useUsers(debouncedSearch);
  const [drawer, setDrawer] = useState<UserDrawerMode | null>(null);
  const [formError, setFormError] = useState<UserFormError | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser({ currentUserId });
  const remove = useDeleteUser();
  const [ending, setEnding] = useState<User | null>(null);
  const [endError, setEndError] = useState<string | null>(null);
  const endSessions = useEndSessions();

  const openDrawer = (mode: UserDrawerMode) => {
    setFormError(null);
    setDrawer(mode);
  };

  const saveFailed = (title: string, error: unknown): readonly string[] => {
    setFormError({ title, detail: serverDetail(error) });
    return isApiError(error) ? error.serverMessages : [];
  };

  const submit = async (values: UserFormValues): Promise<readonly string[] | void> => {
    if (!drawer) return;
    setFormError(null);
    if (drawer.kind === 'create') {
      try {
        const created = await create.mutateAsync(toCreateUserInput(values));
        notifications.show({ color: 'teal', message: `User ${personName(created)} created.` });
        setDrawer(null);
      } catch (error) {
        return saveFailed(USER_MESSAGES.create, error);
      }
      return;
    }
    try {
      const updated = await update.mutateAsync({ id: drawer.userId, input: toUpdateUserInput(values) });
      notifications.show({ color: 'teal', message: `User ${personName(updated)} updated.` });
      setDrawer(null);
    } catch (error) {
      return saveFailed(USER_MESSAGES.update, error);
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `User ${personName(deleting)} deleted.` });
        setDeleting(null);
      },
      onError: (error) => {
        const detail = serverDetail(error);
        setDeleteError(detail ? `${USER_MESSAGES.delete}: ${detail}` : USER_MESSAGES.delete);
      },
    });
  };

  const confirmEndSessions = () => {
    if (!ending) return;
    setEndError(null);
    endSessions.mutate(ending.id, {
      onSuccess: (ended) => {
        notifications.show({ color: 'teal', message: END_SESSIONS_MESSAGES.done(personName(ending), ended) });
        setEnding(null);
      },
      onError: (error) => {
        const detail = serverDetail(error);
        setEndError(detail ? `${END_SESSIONS_MESSAGES.failed}: ${detail}` : END_SESSIONS_MESSAGES.failed);
      },
    });
  };

  const searching = search.trim() !== '';
  const renderRowActions = useMemo(
    () => (user: User) => (
      <RowActions>
        <RowAction
          label="Edit"
          itemName={personName(user)}
          onClick={() => openDrawer({ kind: 'edit', userId: user.id })}
        />
        <RowAction
          label="End sessions"
          itemName={personName(user)}
          disabledReason={
            user.id === currentUserId
              ? 'Use Sign out everywhere on your profile for your own account.'
              : undefined
          }
          onClick={() => {
            setEndError(null);
            setEnding(user);
          }}
        />
        <RowAction
          label="Delete"
          itemName={personName(user)}
          color="red"
          disabledReason={user.id === currentUserId ? 'You cannot delete your own account.' : undefined}
          onClick={() => {
            setDeleteError(null);
            setDeleting(user);
          }}
        />
      </RowActions>
    ),
    [currentUserId],
  );

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="User Management"
        description="Find people, change their role and what they are allowed to do."
        actions={<Button onClick={() => openDrawer({ kind: 'create' })}>Add User</Button>}
      />
      <TextInput
        type="search"
        label="Search users"
        description="By name, playa name or email"
        placeholder="Type to search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <DataTable
        data={users.data}
        columns={columns}
        caption="Users"
        getRowId={(user) => user.id}
        isLoading={users.isFetching}
        loadingText="Loading users..."
        error={users.isError && !users.data ? USER_MESSAGES.fetchUsers : null}
        onRetry={() => void users.refetch()}
        emptyText={USER_MESSAGES.empty}
        searchable={false}
        initialSorting={[{ id: 'name', desc: false }]}
        renderRowActions={renderRowActions}
        minWidth={760}
      />
      {searching && users.data && users.data.length > 0 && !users.isFetching && (
        <Text size="sm" c="dimmed" role="status">
          {users.data.length} {users.data.length === 1 ? 'user matches' : 'users match'} “
          {debouncedSearch.trim()}”.
        </Text>
      )}

      <UserDrawer
        mode={drawer}
        currentUserId={currentUserId}
        saving={create.isPending || update.isPending}
        error={formError}
        onSubmit={submit}
        onClose={() => setDrawer(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete user"
        message={
          <ConfirmMessage
            text={
              deleting ? `Delete ${personName(deleting)} (${deleting.email})? This cannot be undone.` : ''
            }
            error={deleteError}
          />
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        opened={ending !== null}
        title="End sessions"
        message={
          <ConfirmMessage
            text={ending ? END_SESSIONS_MESSAGES.confirm(personName(ending), ending.email) : ''}
            error={endError}
          />
        }
        confirmLabel="End sessions"
        danger
        loading={endSessions.isPending}
        onConfirm={confirmEndSessions}
        onCancel={() => setEnding(null)}
      />
    </Stack>
  );
}
