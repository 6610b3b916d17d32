import { Alert, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../lib/use-error-toast';

type Props<T> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  query: UseQueryResult<T>;
  /** Shown in the modal and as a toast when loading fails. */
  errorMessage: string;
  children: (data: T) => ReactNode;
};

/** A modal with one person's details: a loader while they load, the error if that fails. */
export function InfoModal<T>({ opened, onClose, title, query, errorMessage, children }: Props<T>) {
  const { t } = useTranslation();
  useErrorToast(query.isError, errorMessage);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" variant="light">
        {errorMessage}
      </Alert>
    );
  } else if (query.data === undefined) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    body = children(query.data);
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {body}
    </Modal>
  );
}

/** One labelled text of such details; an empty one shows `emptyText`, or nothing without it. */
export function InfoField({ label, text, emptyText }: { label: string; text: string; emptyText?: string }) {
  if (!text && emptyText === undefined) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={text ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text || emptyText}
      </Text>
    </Stack>
  );
}
