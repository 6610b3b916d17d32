import { Button, Card, Group, LoadingOverlay, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { Locale } from '@rozmova/contract';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { profilePath } from '../../lib/nav-items';
import { useSession } from '../../lib/session';
import { useSavingOnboarding } from './api/save-onboarding';
import { StepContent } from './components/step-content';
import { loadDraft, saveDraft } from './draft';
import { needsEmail, type StepId, stepIds, stepTouched, stepValid } from './steps';
import { useFinishOnboarding } from './use-finish-onboarding';
import { initialValues, type OnboardingValues, validateOnboarding } from './values';

const blurValidated = (Object.keys(initialValues('en')) as (keyof OnboardingValues)[]).filter((key) => key !== 'birthDate');

/** /onboarding: role, e-mail (when needed), personal details, role-specific details, finish. */
export default function OnboardingPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const compact = useMediaQuery('(max-width: 48em)');
  const finish = useFinishOnboarding();
  const saving = useSavingOnboarding();
  const [draft] = useState(loadDraft);
  const [active, setActive] = useState<StepId>((draft?.step as StepId) ?? 'role');
  const form = useForm<OnboardingValues>({
    initialValues: draft?.values ?? initialValues(i18n.language as Locale),
    validate: (values) => validateOnboarding(t, values),
    validateInputOnChange: true,
    // The birth date is judged when it changes or on Next, not merely because its picker was opened and closed.
    validateInputOnBlur: blurValidated,
  });

  const ids = stepIds(needsEmail(session, form.values));
  // The e-mail step disappears once an address is confirmed; carry on with the next one.
  const current: StepId = ids.includes(active) ? active : 'personal';
  const index = ids.indexOf(current);
  const errors = validateOnboarding(t, form.values);
  const valid = stepValid(current, form.values, errors);

  useEffect(() => saveDraft({ values: form.values, step: current }), [form.values, current]);

  if (session.profileCompleted) return <Navigate to={profilePath(session)} replace />;

  const emailConfirmed = (email: string) => {
    form.setFieldValue('newEmail', email);
    setActive('personal');
    navigate('/onboarding', { replace: true });
  };

  return (
    <Stack gap="lg" py="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('onboarding.title')}
        </Title>
        <Text c="dimmed">{t('onboarding.subtitle')}</Text>
      </Stack>
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} pos="relative">
        <LoadingOverlay visible={saving} loaderProps={{ children: <Text>{t('onboarding.saving')}</Text> }} />
        <Stepper
          active={index}
          onStepClick={(i) => i < index && setActive(ids[i])}
          allowNextStepsSelect={false}
          size={compact ? 'xs' : 'sm'}
        >
          {ids.map((id, i) => (
            <Stepper.Step
              key={id}
              label={compact ? undefined : t(`onboarding.steps.${id}`)}
              aria-label={t('onboarding.stepLabel', { n: i + 1, label: t(`onboarding.steps.${id}`) })}
            >
              <Stack gap="lg" pt="lg">
                <Title order={2} size="h3">
                  {t(`onboarding.headings.${id}`)}
                </Title>
                <StepContent step={id} form={form} email={session.email} onEmailConfirmed={emailConfirmed} />
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
        <Group justify="space-between" mt="xl">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => setActive(ids[index - 1])}
            disabled={index === 0 || saving}
          >
            {t('common.back')}
          </Button>
          <Group gap="sm">
            {!valid && stepTouched(current, form.values, (field) => form.isTouched(field)) && (
              <Text size="sm" c="dimmed" visibleFrom="sm">
                {t('onboarding.fillRequired')}
              </Text>
            )}
            {current === 'finish' ? (
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={() => finish(form.values)}
                loading={saving}
                disabled={Object.keys(errors).length > 0}
              >
                {t('onboarding.finish.submit')}
              </Button>
            ) : (
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={() => setActive(ids[index + 1])}
                disabled={!valid || current === 'email'}
              >
                {t('common.next')}
              </Button>
            )}
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}
