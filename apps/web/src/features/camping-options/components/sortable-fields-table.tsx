import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import type { CampingOptionField } from '@camp/shared/camping-options';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Table, Text } from '@mantine/core';
import { useRef } from 'react';
import { RowAction, RowActions } from '../../../components/row-actions';
import { FIELD_TYPE_LABELS, describeLimits } from '../field-form';
import classes from './sortable-fields-table.module.css';
import { TableScrollFrame } from '../../../components/data-table';

export interface SortableFieldsTableProps {
  fields: readonly CampingOptionField[];
  /** While true (a reorder is being saved) nothing can be moved. */
  disabled?: boolean;
  emptyText: string;
  /** Called with every field id in the new order after a field is dropped somewhere else. */
  onReorder: (orderedIds: string[]) => void;
  onEdit: (field: CampingOptionField) => void;
  onDelete: (field: CampingOptionField) => void;
}

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a field, press Space or Enter on its handle. Use the Up and Down arrow keys to change its ' +
    'position, then press Space or Enter to drop it, or Escape to cancel.',
};

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {[3, 8, 13].flatMap((y) =>
        [5.5, 10.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" fill="currentColor" />),
      )}
    </svg>
  );
}

interface SortableRowProps {
  field: CampingOptionField;
  position: number;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function SortableRow({ field, position, disabled, onEdit, onDelete }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id, disabled });
  return (
    <Table.Tr
      ref={setNodeRef}
      className={classes.row}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Table.Td>
        <ActionIcon
          ref={setActivatorNodeRef}
          className={classes.handle}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Reorder ${field.displayName}`}
          {...attributes}
          {...listeners}
        >
          <GripIcon />
        </ActionIcon>
      </Table.Td>
      <Table.Td>{position}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {field.displayName}
        </Text>
        {field.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {field.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{FIELD_TYPE_LABELS[field.dataType]}</Table.Td>
      <Table.Td>
        {field.required ? (
          <Badge variant="light" color="sunset">
            Required
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Optional
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {describeLimits(field) || (
          <Text span size="sm" c="dimmed">
            None
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ width: '1%' }}>
        <RowActions>
          <RowAction label="Edit" itemName={field.displayName} onClick={onEdit} />
          <RowAction label="Delete" itemName={field.displayName} color="red" onClick={onDelete} />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The fields of a camping option in their order, reordered by dragging a row's handle, with a pointer or with
 * the keyboard (focus the handle, Space, arrow keys, Space). dnd-kit announces each step in a live region and
 * describes the handle with the instructions above.
 */
export function SortableFieldsTable({
  fields,
  disabled = false,
  emptyText,
  onReorder,
  onEdit,
  onDelete,
}: SortableFieldsTableProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = fields.map((field) => field.id);
  const nameOf = (id: UniqueIdentifier) => fields.find((field) => field.id === id)?.displayName ?? 'Field';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const count = fields.length;

  // dnd-kit reports the field over its own place as soon as it is picked up; that is no move to announce, and
  // announcing it would cut off the "Picked up" message.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${nameOf(active.id)}. It is in position ${positionOf(active.id)} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !moved.current)) return undefined;
      moved.current = true;
      return `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${count}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${count}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${nameOf(active.id)} is back in position ${positionOf(active.id)} of ${count}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <TableScrollFrame
      label="Fields in order"
      below={
        count === 0 && (
          <div className={classes.empty}>
            <Text>{emptyText}</Text>
          </div>
        )
      }
    >
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragEnd={onDragEnd}
      >
        <Table
          className={classes.table}
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-busy={disabled || undefined}
        >
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            Custom fields in the order campers see them
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Move</Table.Th>
              <Table.Th scope="col">Order</Table.Th>
              <Table.Th scope="col">Display name</Table.Th>
              <Table.Th scope="col">Data type</Table.Th>
              <Table.Th scope="col">Required</Table.Th>
              <Table.Th scope="col">Limits</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {count > 0 && (
            <Table.Tbody>
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {fields.map((field, index) => (
                  <SortableRow
                    key={field.id}
                    field={field}
                    position={index + 1}
                    disabled={disabled}
                    onEdit={() => onEdit(field)}
                    onDelete={() => onDelete(field)}
                  />
                ))}
              </SortableContext>
            </Table.Tbody>
          )}
        </Table>
      </DndContext>
    </TableScrollFrame>
  );
}
