import { Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DOCUMENTS_MAX, type VerificationDocuments } from '@rozmova/contract';
import { IconFiles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';
import { DocumentList } from './document-list';
import { DocumentUploadForm } from './document-upload-form';
import { MAX_MB } from './upload-error';

type Props = {
  documents: { data?: VerificationDocuments; isPending: boolean; isError: boolean; refetch: () => unknown };
};

const STATE_COLORS = { PENDING: 'yellow', APPROVED: 'teal', REJECTED: 'red' } as const;

/** The psychologist's verification documents: where the check stands, sending new ones, and what was sent. */
export function DocumentsCard({ documents }: Props) {
  const { t } = useTranslation();
  const data = documents.data;
  let body: ReactNode;
  if (documents.isPending) {
    body = (
      <Center py="lg">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (documents.isError || !data) {
    body = <LoadError message={t('documents.loadError')} onRetry={() => void documents.refetch()} />;
  } else {
    body = (
      <Stack gap="md">
        <DocumentUploadForm sentKinds={data.documents.map((d) => d.kind)} full={data.documents.length >= DOCUMENTS_MAX} />
        {data.documents.length === 0 ? (
          <Group gap="xs" c="dimmed" py="sm">
            <IconFiles size={20} aria-hidden />
            <Text size="sm">{t('documents.empty')}</Text>
          </Group>
        ) : (
          <DocumentList documents={data.documents} />
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" p="lg" id="documents" component="section" aria-labelledby="documents-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="documents-title">
            {t('documents.title')}
          </Title>
          {data && (
            <Group gap="xs">
              <Badge color={STATE_COLORS[data.verification.state]} variant="light" data-testid="verification-state">
                {t(`verificationState.${data.verification.state}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('documents.count', { count: data.documents.length, max: DOCUMENTS_MAX })}
              </Text>
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('documents.intro', { maxMb: MAX_MB, max: DOCUMENTS_MAX })}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
