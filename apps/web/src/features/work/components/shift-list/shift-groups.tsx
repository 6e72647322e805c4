import { Accordion } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { groupByDay, initiallyOpen, type ShiftGroup, type ShiftListJob } from './shift-list-model';
import classes from './shift-list.module.css';
import { useEventCalendar } from '../../../config';

export interface CollapsibleGroup {
  key: string;
  /** The group's name: its heading, and the name of its group for assistive technology. */
  label: string;
  /** Beside the name in the header: badges. */
  badges?: ReactNode;
  /** After the badges, quieter: '7 shifts · 2 selected'. */
  counts?: string;
  content: ReactNode;
}

/**
 * Which groups are open: the person's own choice, until `resetKey` changes (e.g. a filter), then again the
 * initial ones (all of a short list, else the first group).
 */
export function useOpenGroups(groups: readonly ShiftGroup<unknown>[], resetKey: string) {
  const [chosen, setChosen] = useState<{ resetKey: string; open: string[] } | null>(null);
  const open = chosen?.resetKey === resetKey ? chosen.open : initiallyOpen(groups);
  return [open, (next: string[]) => setChosen({ resetKey, open: next })] as const;
}

/** Collapsible groups of a shift list, each a header button (in a heading) over its rows. */
export function CollapsibleGroups({
  groups,
  open,
  onOpenChange,
  headingOrder,
}: {
  groups: readonly CollapsibleGroup[];
  open: string[];
  onOpenChange: (open: string[]) => void;
  headingOrder: 3 | 4;
}) {
  return (
    <Accordion
      multiple
      value={open}
      onChange={onOpenChange}
      variant="contained"
      order={headingOrder}
      classNames={{ content: classes.panelContent }}
    >
      {groups.map((group) => (
        <Accordion.Item key={group.key} value={group.key} role="group" aria-label={group.label}>
          <Accordion.Control>
            <span className={classes.groupHeader}>
              <span className={classes.name}>{group.label}</span>
              {group.badges}
              {group.counts && <span className={classes.groupCounts}>{group.counts}</span>}
            </span>
          </Accordion.Control>
          <Accordion.Panel>{group.content}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Rows under their days' small headings (days in festival order); `renderRow` draws each job's row. */
export function DayRows<T extends ShiftListJob>({
  jobs,
  headingOrder,
  renderRow,
}: {
  jobs: readonly T[];
  headingOrder: 3 | 4 | 5;
  renderRow: (job: T) => ReactNode;
}) {
  const Heading = `h${headingOrder}` as const;
  const calendar = useEventCalendar();
  return groupByDay(jobs, calendar).map((day) => (
    <div key={day.key}>
      <Heading className={classes.dayHeading}>{day.label}</Heading>
      <ShiftList>{day.items.map(renderRow)}</ShiftList>
    </div>
  ));
}

/** The plain list that holds shift rows. */
export function ShiftList({ children }: { children: ReactNode }) {
  return <ul className={classes.list}>{children}</ul>;
}
