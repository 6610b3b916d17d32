import { Alert, Button, type ButtonProps, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Partial<Pick<ModalProps, 'opened' | 'size' | 'centered' | 'closeOnClickOutside'>> & {
  onClose: () => void;
  title: string;
  /** Enter in a field or the submit button; the form's own checks run here (no browser validation). */
  onSubmit: () => void;
  /** While the call runs the submit button spins and Cancel waits. */
  pending: boolean;
  /** Why the last try failed, shown above the buttons. */
  failure?: ReactNode;
  submit: { label: string } & Pick<ButtonProps, 'color' | 'leftSection' | 'disabled'>;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  children: ReactNode;
};

/** A dialog around one form: its fields, what went wrong, then Cancel and the submit button. Escape closes it. */
export function FormModal({
  opened = true,
  onClose,
  title,
  onSubmit,
  pending,
  failure,
  submit,
  cancelLabel,
  children,
  ...modal
}: Props) {
  const { t } = useTranslation();
  const { label, ...submitProps } = submit;
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }} {...modal}>
      {/* Mounted while open only, so each opening starts from the form's first state. */}
      {opened && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="md">
            {children}
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
              <Button type="submit" loading={pending} {...submitProps}>
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
