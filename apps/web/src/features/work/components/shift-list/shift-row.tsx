import { RETIRED_WORK_TEXTS, shiftTimeRange, shiftWhenDated, type EventCalendar } from '@camp/shared/rules';
import { Badge, Checkbox } from '@mantine/core';
import type { ReactNode } from 'react';
import { placesOf, placesText, type ShiftListJob } from './shift-list-model';
import classes from './shift-list.module.css';
import { useEventCalendar } from '../../../config';

/** A row's checkbox, in a list the person chooses from (the wizard's Shifts step). */
export interface ShiftRowSelection {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

export interface ShiftRowProps {
  job: ShiftListJob;
  /** The row stands under its day's heading: only the time is shown, not the day again. */
  underDay?: boolean;
  /** The job's category is shown (lists that are not grouped by category). */
  showCategory?: boolean;
  /** Places left are shown (default); not in a person's own schedule. */
  showPlaces?: boolean;
  selection?: ShiftRowSelection;
  /** Shown instead of the places badge, e.g. "Full — join the waitlist" on a shift the person may wait for. */
  badge?: ReactNode;
  /** A control of the row's own beside it (on /shifts: the shift's waitlist). */
  action?: ReactNode;
}

function PlacesBadge({ job }: { job: ShiftListJob }) {
  const places = placesOf(job);
  if (!places) return null;
  return places.left <= 0 ? (
    <Badge component="span" color="gray" variant="filled" tt="none" className={classes.places}>
      Full
    </Badge>
  ) : (
    <Badge component="span" variant="default" tt="none" fw={600} className={classes.places}>
      {placesText(places)}
    </Badge>
  );
}

/** Name, badges and places on the first line; when, location (and category) below; then the description. */
function rowParts(
  job: ShiftListJob,
  underDay: boolean,
  showCategory: boolean,
  showPlaces: boolean,
  badge: ReactNode,
  calendar: EventCalendar | null,
) {
  const when = underDay ? shiftTimeRange(job.shift) : shiftWhenDated(job.shift, calendar);
  // Only a person's own schedule shows a retired job: they keep it (docs/product.md §11 "Retired jobs and shifts").
  const retired = job.active === false || job.shift.active === false;
  const title: ReactNode = (
    <span className={classes.titleLine}>
      <span className={classes.name}>{job.name}</span>
      {job.staffOnly && (
        <Badge component="span" color="dusk" variant="filled" autoContrast tt="none">
          Staff only
        </Badge>
      )}
      {retired && (
        <Badge component="span" color="gray.8" variant="filled" tt="none">
          {RETIRED_WORK_TEXTS.badge}
        </Badge>
      )}
      {badge ?? (showPlaces && <PlacesBadge job={job} />)}
    </span>
  );
  const meta: ReactNode = (
    <>
      <span className={`${classes.meta} ${classes.block}`}>
        {[when, job.location, showCategory ? job.category.name : null].filter(Boolean).join(' · ')}
      </span>
      {job.shift.description && (
        <span className={`${classes.meta} ${classes.block} ${classes.description}`}>
          {job.shift.description}
        </span>
      )}
      {retired && (
        <span className={`${classes.meta} ${classes.block}`}>{RETIRED_WORK_TEXTS.ownRetiredNote}</span>
      )}
    </>
  );
  return { title, meta };
}

/**
 * One shift as a compact row of a list (`<li>`): a checkbox labelled with the job when the person chooses,
 * plain text otherwise. The same row in the wizard's Shifts step and on /shifts.
 */
export function ShiftRow({
  job,
  underDay = false,
  showCategory = false,
  showPlaces = true,
  selection,
  badge,
  action,
}: ShiftRowProps) {
  const calendar = useEventCalendar();
  const { title, meta } = rowParts(job, underDay, showCategory, showPlaces, badge, calendar);
  return (
    <li
      className={classes.row}
      data-checked={selection?.checked || undefined}
      data-disabled={selection?.disabled || undefined}
    >
      {selection ? (
        <Checkbox
          className={classes.main}
          classNames={{
            body: classes.checkboxBody,
            labelWrapper: classes.checkboxLabelWrapper,
            label: classes.checkboxLabel,
            description: classes.checkboxDescription,
          }}
          checked={selection.checked}
          disabled={selection.disabled}
          onChange={(event) => selection.onChange(event.currentTarget.checked)}
          label={title}
          description={meta}
        />
      ) : (
        <div className={classes.main}>
          {title}
          {meta}
        </div>
      )}
      {action && <div className={classes.action}>{action}</div>}
    </li>
  );
}
