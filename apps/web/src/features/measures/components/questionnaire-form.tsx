import { Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INSTRUMENT_DEFINITIONS, type Instrument, MEASURE_OPTION_KEYS, MEASURE_OPTIONS } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

type Values = { answers: (string | null)[] };

/** One questionnaire: every item with its four answers, all required; hands the answers (0–3) over on submit. */
export function QuestionnaireForm({
  instrument,
  pending,
  onSubmit,
}: {
  instrument: Instrument;
  pending: boolean;
  onSubmit: (answers: number[]) => void;
}) {
  const { t } = useTranslation();
  const items = INSTRUMENT_DEFINITIONS[instrument].items;
  const form = useForm<Values>({
    initialValues: { answers: items.map(() => null) },
    validate: (values) =>
      Object.fromEntries(values.answers.flatMap((v, i) => (v === null ? [[`answers.${i}`, t('measures.answerAll')]] : []))),
  });
  const name = t(`measures.instruments.${instrument}.name`);

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      aria-label={name}
      onSubmit={form.onSubmit((v) => onSubmit(v.answers.map(Number)))}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {name} · {t(`measures.instruments.${instrument}.about`)}
          </Title>
          <Text mt={4}>{t(`measures.instruments.${instrument}.question`)}</Text>
        </div>
        {items.map((item, i) => (
          <Radio.Group
            key={item}
            label={`${i + 1}. ${t(`measures.instruments.${instrument}.items.${item}`)}`}
            {...form.getInputProps(`answers.${i}`)}
            value={form.values.answers[i]}
          >
            <Group gap="md" mt={6}>
              {MEASURE_OPTIONS.map((value) => (
                <Radio key={value} value={String(value)} label={t(`measures.options.${MEASURE_OPTION_KEYS[value]}`)} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        <Text size="xs" c="dimmed">
          {t(`measures.instruments.${instrument}.source`)}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('measures.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
