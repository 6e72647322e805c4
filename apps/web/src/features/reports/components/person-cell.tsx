import classes from './reports.module.css';

/**
 * A person in a report's table or card: the name in bold and a second line (playa name or e-mail) smaller and
 * dimmed. Plain elements rather than Mantine's Stack and Text: the unpaginated reports draw one per row, 5,000
 * of them on a large camp (docs/benchmarks.md § Reports).
 */
export function PersonCell({ name, detail }: { name: string; detail?: string | null | undefined }) {
  return (
    <div className={classes.wrap}>
      <div className={classes.personName}>{name}</div>
      {detail ? <div className={classes.detail}>{detail}</div> : null}
    </div>
  );
}
