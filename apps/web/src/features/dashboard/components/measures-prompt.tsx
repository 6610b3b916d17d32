import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSkipped, skipPrompt, usePatientMeasures } from '../../../entities/measure/patient-measures';
import { useFormatInstant } from '../../../lib/zoned-time';

/**
 * The patient's invitation to the questionnaires: at intake until both are filled, and from 24 hours before each
 * confirmed session. Always optional: "Not now" hides it in this browser until the next occasion.
 */
export function MeasuresPrompt() {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const own = usePatientMeasures();
  const [skipped, setSkipped] = useState(false);
  const prompt = own.data?.prompt;
  if (!prompt || skipped || isSkipped(prompt)) return null;
  const intake = prompt.reason === 'INTAKE';
  const title = t(intake ? 'measures.prompt.intakeTitle' : 'measures.prompt.sessionTitle');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light" color="grape">
          <IconClipboardHeart size={24} />
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text>
            {intake
              ? t('measures.prompt.intakeText')
              : t('measures.prompt.sessionText', { when: formatInstant(prompt.startsAt ?? '') })}
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/patient/measures">
              {t('measures.prompt.fillIn')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                skipPrompt(prompt);
                setSkipped(true);
              }}
            >
              {t('measures.prompt.skip')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
