import { Group, Input } from '@mantine/core';
import { CODE_LENGTH } from '@rozmova/contract/constants';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');
const isWholeCode = (text: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(text);

type Props = {
  value: string[];
  onChange: (digits: string[]) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
};

/**
 * Six single-digit boxes: typing advances, backspace goes back, a pasted 6-digit code fills them all. Their texts are
 * given, so the sign-in entry, which has no i18next, shows them too (code-boxes.tsx gives the app's).
 */
export function CodeBoxesView({
  value,
  onChange,
  error,
  disabled,
  autoFocus,
  label,
  digitLabel,
}: Props & { label: string; digitLabel: (n: number) => string }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();
  const focus = (i: number) => refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))]?.focus();
  const setDigit = (i: number, digit: string) => onChange(value.map((d, j) => (j === i ? digit : d)));

  const fillAll = (code: string) => {
    onChange(code.split(''));
    focus(CODE_LENGTH - 1);
  };

  const handleInput = (i: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (raw === '') return setDigit(i, '');
    // Browsers offering a one-time code autofill the whole code into one box.
    if (isWholeCode(digits)) return fillAll(digits);
    // The box may still hold its old digit next to the new one.
    const typed = value[i] && digits.length > 1 ? digits.replace(value[i], '') : digits;
    const digit = typed.at(-1);
    if (!digit) return;
    setDigit(i, digit);
    if (i < CODE_LENGTH - 1) focus(i + 1);
  };

  const handleKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const target = value[i] || i === 0 ? i : i - 1;
      setDigit(target, '');
      focus(value[i] ? i - 1 : target);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text').trim();
    if (isWholeCode(text)) fillAll(text);
  };

  return (
    <Input.Wrapper label={label} error={error} errorProps={{ id: errorId }}>
      <Group gap="xs" wrap="nowrap" mt={6} dir="ltr" role="group" aria-label={label}>
        {value.map((digit, i) => (
          <Input
            key={i}
            ref={(el: HTMLInputElement | null) => {
              refs.current[i] = el;
            }}
            value={digit}
            onChange={(e) => handleInput(i, e.currentTarget.value)}
            onKeyDown={(e) => handleKeyDown(i, e)}
            onPaste={handlePaste}
            onFocus={(e) => e.currentTarget.select()}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && i === 0}
            disabled={disabled}
            error={Boolean(error)}
            aria-label={digitLabel(i + 1)}
            aria-describedby={error ? errorId : undefined}
            size="lg"
            w={{ base: 44, xs: 52 }}
            styles={{ input: { textAlign: 'center', fontSize: 22, fontWeight: 600, paddingInline: 0 } }}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
