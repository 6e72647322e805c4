import classes from './reports.module.css';

/**
 * A registration's shifts in a report row: how many, and the list when the person opens it (a native
 * disclosure: Enter or Space on the count opens it). A column of every shift in full made the report wider
 * than a 1280 px screen; the CSV file still writes each shift.
 */
export function ShiftsCell({ shifts }: { shifts: readonly string[] }) {
  if (shifts.length === 0) return <span className={classes.dimmed}>—</span>;
  return (
    <details className={classes.shifts}>
      <summary>
        {shifts.length} {shifts.length === 1 ? 'shift' : 'shifts'}
      </summary>
      <ul className={classes.list}>
        {shifts.map((shift, index) => (
          <li key={index}>{shift}</li>
        ))}
      </ul>
    </details>
  );
}
