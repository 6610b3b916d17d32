import { Button, FileInput, Group, Select } from '@mantine/core';
import { DOCUMENT_KINDS, type DocumentKind } from '@rozmova/contract';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadDocument } from '../../entities/psychologist/verification-documents';
import { notify } from '../../lib/notify';
import { ACCEPTED, checkFile, uploadErrorText } from './upload-error';

/** The kind to offer first: the diploma, then the licence, then certificates. */
const nextKind = (sent: DocumentKind[]): DocumentKind =>
  !sent.includes('DIPLOMA') ? 'DIPLOMA' : !sent.includes('LICENCE') ? 'LICENCE' : 'CERTIFICATE';

/** Picks a kind and a file and sends them; what is wrong shows under the file, in words. */
export function DocumentUploadForm({ sentKinds, full }: { sentKinds: DocumentKind[]; full: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const [kind, setKind] = useState<DocumentKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosenKind = kind ?? nextKind(sentKinds);

  const submit = () => {
    const problem = checkFile(t, file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    upload.mutate(
      { kind: chosenKind, file },
      {
        onSuccess: () => {
          setFile(null);
          setKind(null);
          notify.success(t('documents.sent'));
        },
        onError: (err) => setError(uploadErrorText(t, err)),
      },
    );
  };

  return (
    <Group
      component="form"
      align="flex-start"
      gap="sm"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Select
        label={t('documents.kind')}
        data={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
        value={chosenKind}
        onChange={(v) => v && setKind(v as DocumentKind)}
        allowDeselect={false}
        w={180}
        disabled={full}
      />
      <FileInput
        label={t('documents.file')}
        placeholder={t('documents.filePlaceholder')}
        accept={ACCEPTED}
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(f ? checkFile(t, f) : null);
        }}
        error={error}
        leftSection={<IconFileUpload size={16} />}
        clearable
        disabled={full}
        style={{ flex: 1, minWidth: 220 }}
        errorProps={{ role: 'alert' }}
      />
      <Button type="submit" mt={25} leftSection={<IconUpload size={16} />} loading={upload.isPending} disabled={full}>
        {t('documents.send')}
      </Button>
    </Group>
  );
}
