import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { REPORT_TEXTS } from '../report-texts';
import classes from './reports.module.css';

export interface ReportPageHeaderProps {
  title: string;
  description: string;
  /** Labels the report Admin Only (docs/product.md §2: payment reports). */
  adminOnly?: boolean;
  /** The report's buttons (Export to CSV, Print). */
  actions?: ReactNode;
}

/** Back to Reports, the report's h2 (the camp name is the page's h1), its line of description and buttons. */
export function ReportPageHeader({ title, description, adminOnly = false, actions }: ReportPageHeaderProps) {
  return (
    <Stack gap="xs">
      <div className={classes.noPrint}>
        <Button component={Link} to={paths.reports()} variant="subtle" size="sm" px="xs">
          <span aria-hidden="true">←&nbsp;</span>
          {REPORT_TEXTS.backToReports}
        </Button>
      </div>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={2}>{title}</Title>
            {adminOnly && <AdminOnlyBadge />}
          </Group>
          <Text c="dimmed" className={classes.noPrint}>
            {description}
          </Text>
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap" className={classes.noPrint}>
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}

/** The Admin Only label (docs/product.md §2 Reports). */
export function AdminOnlyBadge() {
  return (
    <Badge color="red.9" variant="filled" autoContrast tt="none">
      {REPORT_TEXTS.adminOnly}
    </Badge>
  );
}
