import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { AVATAR_UPLOAD_TIMEOUT_MS } from '@rozmova/contract';
import { IconCamera } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { notify } from '../lib/notify';
import { useErrorToast } from '../lib/use-error-toast';
import { compressAvatar } from './compress-avatar';
import { avatarsKey, OWN_AVATAR_PATH, useAvatarUrl } from './use-avatar-url';
import { UserAvatar } from './user-avatar';

type Props = {
  /** Full name, for the initials and the alt text. */
  name: string;
  /** Translated text of the error toast (load, save or time-out failure), e.g. psychologistProfile.errorMessage. */
  errorMessage: string;
  /** Where the current image is read and where a new one is posted; the signed-in user's own avatar by default. */
  path?: string;
  /** Whether the profile says there is a photo: without one nothing is asked for (a 404 the console would show). */
  hasAvatar: boolean;
  size?: number;
};

type Phase = { step: 'compressing'; percent: number } | { step: 'uploading' } | null;

/** The current avatar with a picker that compresses the chosen image in the browser and uploads it. */
export function AvatarUpload({ name, errorMessage, path = OWN_AVATAR_PATH, hasAvatar, size = 120 }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [uploaded, setUploaded] = useState(false);
  const shown = hasAvatar || uploaded ? path : null;
  const { url, isError } = useAvatarUrl(shown);
  const [phase, setPhase] = useState<Phase>(null);
  const resetPicker = useRef<() => void>(null);

  useErrorToast(isError, errorMessage);

  const upload = async (file: File | null) => {
    if (!file) return;
    resetPicker.current?.();
    if (!file.type.startsWith('image/')) {
      notify.error(t('avatar.notImage'));
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), AVATAR_UPLOAD_TIMEOUT_MS);
    setPhase({ step: 'compressing', percent: 0 });
    try {
      const compressed = await compressAvatar(file, (percent) => setPhase({ step: 'compressing', percent }), controller.signal);
      setPhase({ step: 'uploading' });
      const body = new FormData();
      body.append('file', compressed, 'avatar.jpg');
      await api(path, { method: 'POST', rawBody: body, signal: controller.signal });
      setUploaded(true);
      await queryClient.invalidateQueries({ queryKey: avatarsKey });
      notify.success(t('avatar.uploaded'));
    } catch {
      notify.error(errorMessage);
    } finally {
      window.clearTimeout(timer);
      setPhase(null);
    }
  };

  const busy = phase !== null;
  return (
    <Stack align="center" gap="xs">
      <UserAvatar path={shown} name={name} size={size} />
      <FileButton onChange={upload} accept="image/*" disabled={busy} resetRef={resetPicker}>
        {(props) => (
          <Button {...props} variant="light" size="xs" leftSection={<IconCamera size={16} />} loading={busy}>
            {t(url ? 'avatar.change' : 'avatar.upload')}
          </Button>
        )}
      </FileButton>
      {phase ? (
        <Stack gap={4} w={size + 40}>
          <Progress
            value={phase.step === 'compressing' ? phase.percent : 100}
            animated={phase.step === 'uploading'}
            striped={phase.step === 'uploading'}
            aria-label={t('avatar.progress')}
          />
          <Text size="xs" c="dimmed" ta="center" aria-live="polite">
            {phase.step === 'compressing' ? t('avatar.compressing', { percent: phase.percent }) : t('avatar.uploading')}
          </Text>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed" ta="center" maw={size + 80}>
          {t('avatar.hint')}
        </Text>
      )}
    </Stack>
  );
}
