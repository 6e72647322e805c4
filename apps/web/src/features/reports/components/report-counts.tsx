import { FigureGrid, type Figure } from '../../../components/figure-grid';

export type ReportFigure = Figure;

/** The summary cards of a report: a description list of labelled figures, two to a row on a phone. */
export function ReportCounts({ label, figures }: { label: string; figures: readonly ReportFigure[] }) {
  return (
    <section aria-label={label}>
      <FigureGrid
        figures={figures}
        cols={{ base: figures.length % 3 === 0 ? 3 : 2, sm: Math.min(figures.length, 5) }}
      />
    </section>
  );
}
