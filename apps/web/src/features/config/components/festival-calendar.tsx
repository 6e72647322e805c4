import '@mantine/core/styles/Table.css';
import { EVENT_DATES_TEXTS, festivalCalendar, formatEventDate, isOpeningSunday } from '@camp/shared/rules';
import { Table, Text } from '@mantine/core';

/**
 * The festival calendar that follows from the Opening Sunday typed in Site Configuration (docs/product.md §11): every
 * festival day with its date, so the admin sees which date each shift day falls on before saving. Nothing while the
 * field is empty or not a Sunday (the field shows why).
 */
export function FestivalCalendar({ openingSunday }: { openingSunday: string }) {
  if (!isOpeningSunday(openingSunday.trim())) return null;
  const days = festivalCalendar({ openingSunday: openingSunday.trim() });
  return (
    <section aria-labelledby="festival-calendar-title">
      <Text id="festival-calendar-title" fw={600} size="sm" mb={4}>
        {EVENT_DATES_TEXTS.calendarTitle}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" maw={360}>
        <Table.Tbody>
          {days.map(({ day, label, date }) => (
            <Table.Tr key={day}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td>{formatEventDate(date)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
