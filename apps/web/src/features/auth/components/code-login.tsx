import { CODE_TTL_MINUTES, RESEND_COUNTDOWN_SECONDS } from '@rozmova/contract/constants';
import { useState } from 'react';
import { emptyCode } from '../../../components/code-boxes-view';
import { useCountdown } from '../../../lib/use-countdown';
import { useRequestCode } from '../api/request-code';
import { failureText } from '../api/sign-in-call';
import { useVerifyCode } from '../api/verify-code';
import { useSignIn } from '../sign-in-env';
import { useFinishSignIn } from '../use-finish-sign-in';
import { CodeStep } from './code-step';
import { SignInEmailStep } from './sign-in-email-step';

/** Sign-in by an e-mailed code: step 1 asks for the e-mail (and may offer password sign-in), step 2 for the six digits. */
export function CodeLogin({ onUsePassword }: { onUsePassword?: () => void }) {
  const { t, toast } = useSignIn();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [digits, setDigits] = useState(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const requestCode = useRequestCode();
  const verifyCode = useVerifyCode();
  const finishSignIn = useFinishSignIn();

  const send = (address: string) =>
    requestCode.mutate(address, {
      onSuccess: () => {
        setEmail(address);
        setStep('code');
        setResendAt(Date.now() + RESEND_COUNTDOWN_SECONDS * 1000);
        setSentAt(Date.now());
        toast('success', t('toast.codeSent', { email: address }));
      },
      onError: (err) => toast('error', failureText(t, err, 'toast.codeError')),
    });

  // Back and the same address again: the code already mailed is still good, so no new mail spends the quota.
  const submitEmail = (address: string) => {
    if (address === email && sentAt !== null && Date.now() - sentAt < CODE_TTL_MINUTES * 60_000) setStep('code');
    else send(address);
  };

  const back = () => {
    setStep('email');
    setDigits(emptyCode());
    setError(null);
    setLocked(false);
    verifyCode.reset();
  };

  const confirm = (boxes = digits) => {
    const code = boxes.join('');
    if (code.length !== boxes.length) return setError(t('verify.invalid'));
    setError(null);
    setLocked(true);
    verifyCode.mutate(
      { email, code },
      {
        onSuccess: finishSignIn,
        // Said once, beside the boxes: what went wrong and, with Confirm locked, the one way on.
        onError: (err) =>
          setError(`${failureText(t, err, 'verify.error')} ${t('verify.lockedHint', { minutes: CODE_TTL_MINUTES })}`),
      },
    );
  };

  if (step === 'email')
    return (
      <SignInEmailStep initialEmail={email} sending={requestCode.isPending} onSend={submitEmail} onUsePassword={onUsePassword} />
    );
  return (
    <CodeStep
      email={email}
      digits={digits}
      onDigits={(next) => {
        const completed = next.every(Boolean) && !digits.every(Boolean);
        setDigits(next);
        if (error && next.every(Boolean)) setError(null);
        // The sixth digit (or a pasted code) sends it; Confirm stays for those who press it.
        if (completed && !locked && !verifyCode.isPending) confirm(next);
      }}
      error={error}
      locked={locked}
      confirming={verifyCode.isPending}
      onConfirm={() => confirm()}
      onBack={back}
      secondsLeft={secondsLeft}
      onResend={() => send(email)}
      resending={requestCode.isPending}
    />
  );
}
