import '@mantine/core/styles/Tooltip.css';
import { Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface RowActionProps {
  /** The visible verb, e.g. 'Edit'. */
  label: string;
  /** What the row is, added for screen readers so each button's name is unique ('Edit Gate Crew'). */
  itemName: string;
  /** Runs the action; or give `to` instead for an action that opens another screen. */
  onClick?: () => void;
  /** A route (from `paths`) the action links to. */
  to?: string;
  color?: string;
  /**
   * Why the action is not available. The button then stays focusable but inert (aria-disabled), so keyboard
   * and screen-reader users can still reach it and hear why; the reason also shows as a tooltip.
   */
  disabledReason?: string;
}

/** A small button of a table row's actions (DataTable `renderRowActions`). */
export function RowAction({ label, itemName, onClick, to, color, disabledReason }: RowActionProps) {
  const reasonId = useId();
  if (to && !disabledReason) {
    return (
      <Button component={Link} to={to} size="compact-sm" variant="light" color={color}>
        {label}
        <VisuallyHidden> {itemName}</VisuallyHidden>
      </Button>
    );
  }
  const button = (
    <Button
      size="compact-sm"
      variant="light"
      color={color}
      data-disabled={disabledReason ? true : undefined}
      aria-disabled={disabledReason ? true : undefined}
      aria-describedby={disabledReason ? reasonId : undefined}
      onClick={(event) => {
        if (disabledReason) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {label}
      <VisuallyHidden> {itemName}</VisuallyHidden>
    </Button>
  );
  if (!disabledReason) return button;
  return (
    <>
      <Tooltip
        label={disabledReason}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        {button}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
    </>
  );
}

/** The row's action buttons side by side. */
export function RowActions({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  // `wrap`: a row of many actions folds onto two lines rather than widen its table past the window.
  return (
    <Group gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
      {children}
    </Group>
  );
}

export interface EditDeleteActionsProps<T> {
  item: T;
  /** What the row is, for the buttons' names ('Edit Gate Crew', 'Delete Gate Crew'). */
  itemName: string;
  /** useCrudDialog's `open`: Edit opens the row's form, Delete its confirmation. */
  open: (dialog: { kind: 'edit' | 'delete'; item: T }) => void;
  /** Why the row cannot be deleted, if it cannot (see RowAction). */
  deleteDisabledReason?: string;
  /** The list's other actions, shown between Edit and Delete. */
  children?: ReactNode;
}

/** The Edit and Delete buttons of a row of an admin list (with useCrudDialog). */
export function EditDeleteActions<T>({
  item,
  itemName,
  open,
  deleteDisabledReason,
  children,
}: EditDeleteActionsProps<T>) {
  return (
    <RowActions>
      <RowAction label="Edit" itemName={itemName} onClick={() => open({ kind: 'edit', item })} />
      {children}
      <RowAction
        label="Delete"
        itemName={itemName}
        color="red"
        onClick={() => open({ kind: 'delete', item })}
        disabledReason={deleteDisabledReason}
      />
    </RowActions>
  );
}
