import { Badge, Box, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCertificate,
  IconClock24,
  IconDoorEnter,
  IconLock,
  IconLogin,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ByVisitor } from '../../../components/by-visitor';

/** The four promises of the product, shown first. */
const CLAIMS = [
  { key: 'licensed', icon: IconCertificate },
  { key: 'video', icon: IconClock24 },
  { key: 'formats', icon: IconUsersGroup },
  { key: 'encryption', icon: IconLock },
] as const;

const ANCHORS = ['services', 'therapists', 'support', 'security'] as const;

export function Hero() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="hero-title" pt={{ base: 32, md: 64 }} pb={{ base: 32, md: 48 }}>
      <Grid gap={{ base: 40, md: 56 }} align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              {t('landing.hero.eyebrow')}
            </Badge>
            <Title id="hero-title" order={1} fz={{ base: 36, sm: 46, md: 54 }} lh={1.1}>
              {t('landing.hero.title')}{' '}
              <Text span inherit variant="gradient" gradient={{ from: 'teal.3', to: 'cyan.5', deg: 90 }}>
                {t('landing.hero.titleAccent')}
              </Text>
            </Title>
            <Text size="xl" c="dimmed" maw={600} lh={1.55}>
              {t('landing.hero.lead')}
            </Text>
            <Group gap="sm">
              <ByVisitor
                guest={
                  <Button component={Link} to="/login" size="lg" leftSection={<IconLogin size={20} />}>
                    {t('landing.login')}
                  </Button>
                }
                member={
                  <Button component={Link} to="/dashboard" size="lg" leftSection={<IconDoorEnter size={20} />}>
                    {t('landing.enterOffice')}
                  </Button>
                }
              />
              <Button component={Link} to="#services" size="lg" variant="default" rightSection={<IconArrowRight size={18} />}>
                {t('landing.hero.explore')}
              </Button>
            </Group>
            <Group gap="lg" component="nav" aria-label={t('landing.sectionsNav')}>
              {ANCHORS.map((id) => (
                <Text
                  key={id}
                  component={Link}
                  to={`#${id}`}
                  c="dimmed"
                  size="sm"
                  td="underline"
                  style={{ textUnderlineOffset: 4 }}
                >
                  {t(`landing.${id}.eyebrow`)}
                </Text>
              ))}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('landing.hero.claimsLabel')}>
            {CLAIMS.map(({ key, icon: ClaimIcon }) => (
              <Paper key={key} component="li" withBorder radius="lg" p="md" shadow="sm">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={42} radius="md" variant="gradient" gradient={{ from: 'teal.7', to: 'cyan.7' }} aria-hidden>
                    <ClaimIcon size={22} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{t(`landing.claims.${key}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`landing.claims.${key}.text`)}
                    </Text>
                  </div>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
