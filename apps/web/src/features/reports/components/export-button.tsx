import { Button } from '@mantine/core';
import { REPORT_TEXTS } from '../report-texts';

/** Export to CSV: off while there is nothing to export. */
export function ExportCsvButton({ onExport, disabled }: { onExport: () => void; disabled: boolean }) {
  return (
    <Button onClick={onExport} disabled={disabled}>
      {REPORT_TEXTS.exportCsv}
    </Button>
  );
}
