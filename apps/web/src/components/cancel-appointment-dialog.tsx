import type { AppointmentListItem } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../lib/dates';
import { notify } from '../lib/notify';
import { useZonedTime } from '../lib/zoned-time';
import { ReasonDialog } from './reason-dialog';

type Cancelable = Omit<AppointmentListItem, 'videoCallRoomId'>;

/**
 * The i18n keys of one side's cancel dialog. `text` gets the appointment's `date` and `time` and what `names` gives;
 * without `required` the reason may stay blank.
 */
export type CancelDialogKeys = {
  title: string;
  text: string;
  reason: string;
  placeholder?: string;
  required?: string;
  keep: string;
  confirm: string;
  /** Told once the appointment is canceled. */
  canceled: string;
};

type Props<A extends Cancelable> = {
  appointment: A | null;
  onClose: () => void;
  keys: CancelDialogKeys;
  /** The names `keys.text` shows, by the names it gives them. */
  names: (appointment: A) => Record<string, string>;
  /** The cancel mutation of the viewer's side. */
  cancel: {
    isPending: boolean;
    mutate: (input: { id: number; reason: string }, on: { onSuccess: () => void; onError: (err: Error) => void }) => void;
  };
  /** A refused cancel: the dialog stays open (and keeps the reason) unless this closes it. */
  onError: (err: Error) => void;
};

/** The cancel step of patients, psychologists and admins: a reason, then the side's own cancel call. */
export function CancelAppointmentDialog<A extends Cancelable>({ appointment, onClose, keys, names, cancel, onError }: Props<A>) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const optional = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <ReasonDialog
      opened={appointment !== null}
      onClose={onClose}
      title={t(keys.title)}
      text={
        appointment
          ? t(keys.text, { ...names(appointment), date: formatDate(appointment.date), time: zoned.range(appointment) })
          : ''
      }
      labels={{
        reason: t(keys.reason),
        placeholder: optional(keys.placeholder),
        required: optional(keys.required),
        keep: t(keys.keep),
        confirm: t(keys.confirm),
      }}
      pending={cancel.isPending}
      onConfirm={(reason) =>
        appointment &&
        cancel.mutate(
          { id: appointment.id, reason },
          {
            onSuccess: () => {
              notify.success(t(keys.canceled));
              onClose();
            },
            onError,
          },
        )
      }
    />
  );
}
