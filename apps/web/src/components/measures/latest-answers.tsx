import { Table, Text } from '@mantine/core';
import { INSTRUMENT_DEFINITIONS, MEASURE_OPTION_KEYS, type Measure, PHQ9_SELF_HARM_INDEX } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

/** The answers of one completion, item by item; the PHQ-9's self-harm item stands out when it is above "not at all". */
export function LatestAnswers({ measure }: { measure: Measure }) {
  const { t } = useTranslation();
  const items = INSTRUMENT_DEFINITIONS[measure.instrument].items;
  return (
    <Table withRowBorders verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('measures.chart.item')}</Table.Th>
          <Table.Th>{t('measures.chart.answer')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, i) => {
          const answer = measure.answers[i] ?? 0;
          const flagged = measure.instrument === 'PHQ9' && i === PHQ9_SELF_HARM_INDEX && answer > 0;
          return (
            <Table.Tr key={item} bg={flagged ? 'var(--mantine-color-red-light)' : undefined}>
              <Table.Td>
                {i + 1}. {t(`measures.instruments.${measure.instrument}.items.${item}`)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={flagged ? 700 : undefined} c={flagged ? 'red' : undefined}>
                  {answer} · {t(`measures.options.${MEASURE_OPTION_KEYS[answer]}`)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
