import { Center, Image, Loader, Text } from '@mantine/core';
import type { DocumentContentType } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** Which document: the file is fetched once per key, with the bearer token, never through a plain link. */
  queryKey: readonly unknown[];
  load: () => Promise<Blob>;
  contentType: DocumentContentType;
  name: string;
};

/** A blob URL for the blob while it is shown, revoked after. */
function useObjectUrl(blob: Blob | undefined, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob.type === type ? blob : new Blob([blob], { type }));
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob, type]);
  return url;
}

/** A verification document shown inline: an image as it is, a PDF in the browser's own viewer. */
export function DocumentViewer({ queryKey, load, contentType, name }: Props) {
  const { t } = useTranslation();
  // Not kept once closed: a document is fetched (and, for admins, audited) each time it is opened.
  const file = useQuery({ queryKey, queryFn: load, gcTime: 0, staleTime: Number.POSITIVE_INFINITY, retry: false });
  const url = useObjectUrl(file.data, contentType);

  if (file.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {t('documents.openError')}
      </Text>
    );
  }
  if (!url) {
    return (
      <Center h={300}>
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (contentType === 'application/pdf') {
    return (
      <iframe
        src={url}
        title={name}
        data-testid="document-frame"
        style={{ width: '100%', height: '70vh', border: 0, borderRadius: 8, background: 'white' }}
      />
    );
  }
  // At most its own size: a small scan is not blown up past what it holds.
  return (
    <Center>
      <Image src={url} alt={name} fit="contain" w="auto" maw="100%" mah="70vh" radius="sm" />
    </Center>
  );
}
