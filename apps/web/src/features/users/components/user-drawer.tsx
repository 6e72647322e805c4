import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import type { User } from '@camp/shared/users';
import { Divider, Drawer, Text } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { useUser } from '../api/get-user';
import { blankUserValues, userValuesOf, type UserFormValues } from '../user-form';
import { serverDetail, USER_MESSAGES } from '../user-messages';
import { UserForm, type UserFormError } from './user-form';
import { AdminUserData } from './my-data';
import { UserNotes } from './user-notes';

export type UserDrawerMode = { kind: 'create' } | { kind: 'edit'; userId: string };

export interface UserDrawerProps {
  mode: UserDrawerMode | null;
  currentUserId: string | null;
  saving: boolean;
  error: UserFormError | null;
  onSubmit: (values: UserFormValues) => Promise<readonly string[] | void>;
  onClose: () => void;
}

/** The side form of docs/product.md §2 User Management: create a user, or edit one (loaded fresh when it opens). */
export function UserDrawer({ mode, currentUserId, saving, error, onSubmit, onClose }: UserDrawerProps) {
  const dismiss = () => {
    if (!saving) onClose();
  };
  return (
    <Drawer.Root
      opened={mode !== null}
      onClose={dismiss}
      position="right"
      // The whole width on a phone, 40rem on wider screens.
      size="min(100%, 40rem)"
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      returnFocus
      trapFocus
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A <div>: Mantine's <header> here would be a second banner landmark for axe. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="lg">
            {mode?.kind === 'edit' ? 'Edit User' : 'Add User'}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close" disabled={saving} />
        </Drawer.Header>
        <Drawer.Body>
          {mode?.kind === 'create' && (
            <UserForm
              initialValues={blankUserValues()}
              submitLabel="Create User"
              saving={saving}
              error={error}
              onSubmit={onSubmit}
              onCancel={dismiss}
            />
          )}
          {mode?.kind === 'edit' && (
            <EditUser
              userId={mode.userId}
              self={mode.userId === currentUserId}
              saving={saving}
              error={error}
              onSubmit={onSubmit}
              onCancel={dismiss}
            />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function EditUser({
  userId,
  self,
  saving,
  error,
  onSubmit,
  onCancel,
}: {
  userId: string;
  self: boolean;
  saving: boolean;
  error: UserFormError | null;
  onSubmit: (values: UserFormValues) => Promise<readonly string[] | void>;
  onCancel: () => void;
}) {
  const user = useUser(userId);
  if (user.isPending) return <PageLoader label="Loading user..." />;
  if (user.isError) {
    const detail = serverDetail(user.error);
    return (
      <LoadFailedAlert title={USER_MESSAGES.fetchUser} onRetry={() => void user.refetch()}>
        {detail && <Text size="sm">{detail}</Text>}
      </LoadFailedAlert>
    );
  }
  return (
    <>
      {self && (
        <Text size="sm" c="dimmed" mb="md">
          This is your own account.
        </Text>
      )}
      <UserForm
        key={formKey(user.data)}
        initialValues={userValuesOf(user.data)}
        self={self}
        submitLabel="Save Changes"
        saving={saving}
        error={error}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
      <Divider my="lg" />
      <UserNotes userId={user.data.id} />
      <Divider my="lg" />
      <AdminUserData userId={user.data.id} email={user.data.email} self={self} />
    </>
  );
}

const formKey = (user: User) => `${user.id}:${user.updatedAt}`;
