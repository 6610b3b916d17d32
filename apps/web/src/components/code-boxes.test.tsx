import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CodeBoxes, emptyCode } from './code-boxes';

/** The boxes as a form holds them: the digits in state, every change also reported to `onChange`. */
function Form({ onChange, error }: { onChange: (digits: string[]) => void; error?: string }) {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <CodeBoxes
      value={digits}
      error={error}
      onChange={(next) => {
        setDigits(next);
        onChange(next);
      }}
    />
  );
}

function setup(error?: string) {
  const onChange = vi.fn<(digits: string[]) => void>();
  const user = userEvent.setup();
  renderWithProviders(<Form onChange={onChange} error={error} />);
  const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
  const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');
  return { user, onChange, box, values };
}

// The sign-in and e-mail confirmation code entry: focus follows the digits, and the form gets the whole code.
describe('CodeBoxes', () => {
  it('moves to the next box after each digit and hands over the whole code', async () => {
    const { user, onChange, box, values } = setup();
    await user.click(box(1));
    await user.keyboard('4');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('82913');
    expect(values()).toBe('482913');
    expect(document.activeElement).toBe(box(6));
    expect(onChange).toHaveBeenLastCalledWith(['4', '8', '2', '9', '1', '3']);
  });

  it('ignores anything but digits', async () => {
    const { user, onChange, box, values } = setup();
    await user.click(box(1));
    await user.keyboard('a-');
    expect(values()).toBe('');
    expect(document.activeElement).toBe(box(1));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('replaces a digit typed over', async () => {
    const { user, box, values } = setup();
    await user.click(box(1));
    await user.keyboard('123');
    await user.click(box(2));
    await user.keyboard('7');
    expect(values()).toBe('173');
    expect(document.activeElement).toBe(box(3));
  });

  it('Backspace clears a filled box and steps back; in an empty box it clears the one before', async () => {
    const { user, box, values } = setup();
    await user.click(box(1));
    await user.keyboard('123');
    // Focus is on the empty fourth box.
    await user.keyboard('{Backspace}');
    expect(values()).toBe('12');
    expect(document.activeElement).toBe(box(3));
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('{Backspace}{Backspace}');
    expect(values()).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('arrow keys move between boxes without changing them', async () => {
    const { user, onChange, box } = setup();
    await user.click(box(3));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(box(4));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a pasted code fills every box and focuses the last', async () => {
    const { user, onChange, box, values } = setup();
    await user.click(box(3));
    await user.paste(' 907153 ');
    expect(values()).toBe('907153');
    expect(document.activeElement).toBe(box(6));
    expect(onChange).toHaveBeenLastCalledWith(['9', '0', '7', '1', '5', '3']);
  });

  it('a paste that is not a whole code changes nothing', async () => {
    const { user, onChange, box, values } = setup();
    await user.click(box(1));
    await user.paste('12345');
    await user.paste('abcdef');
    expect(values()).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a code autofilled into one box fills them all', () => {
    const { onChange, box, values } = setup();
    // Browsers offering a one-time code set the whole code as the first box's value.
    fireEvent.change(box(1), { target: { value: '246810' } });
    expect(values()).toBe('246810');
    expect(onChange).toHaveBeenLastCalledWith(['2', '4', '6', '8', '1', '0']);
  });

  it('shows the error and ties it to every box', () => {
    const { box } = setup('Please enter all 6 digits');
    const error = screen.getByText('Please enter all 6 digits');
    for (const n of [1, 6]) {
      expect(box(n).getAttribute('aria-describedby')).toBe(error.id);
      expect(box(n).getAttribute('aria-invalid')).toBe('true');
    }
    expect(within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox')).toHaveLength(6);
  });
});
