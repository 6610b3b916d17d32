import type { ChatMessageEvent, SignalErrorCode } from '@rozmova/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChatPanel } from './chat-panel';

const message = (text: string, sentAt: string, firstName = 'Olena'): ChatMessageEvent => ({
  from: `peer-${firstName}`,
  room: 'room-1',
  message: text,
  senderFirstName: firstName,
  senderLastName: 'Koval',
  senderEmail: `${firstName.toLowerCase()}@example.com`,
  sentAt,
});

/** The local wall-clock time of an instant, as HH:mm. */
const localTime = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

function setup({
  messages = [],
  error = null,
  accepted = true,
}: {
  messages?: ChatMessageEvent[];
  error?: SignalErrorCode | null;
  accepted?: boolean;
} = {}) {
  const onSend = vi.fn<(text: string) => boolean>(() => accepted);
  const user = userEvent.setup();
  const view = renderWithProviders(<ChatPanel messages={messages} error={error} onSend={onSend} />);
  const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  return { user, onSend, input, send, view };
}

// The video room's chat: what gets sent and when, what stays typed, and how incoming messages and refusals show.
describe('ChatPanel', () => {
  beforeAll(() => {
    // The autosizing box listens for web fonts loading, which happy-dom does not model.
    if (!document.fonts) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });

  it('sends with the button and clears the box', async () => {
    const { user, onSend, input, send } = setup();
    await user.type(input, 'Hello there');
    await user.click(send);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello there');
    expect(input.value).toBe('');
    expect(send.disabled).toBe(true);
  });

  it('sends with Enter; Shift+Enter starts a new line instead', async () => {
    const { user, onSend, input } = setup();
    await user.type(input, 'first{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('first\nsecond');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('first\nsecond');
    expect(input.value).toBe('');
  });

  it('sends nothing while the box is empty or only spaces', async () => {
    const { user, onSend, input, send } = setup();
    expect(send.disabled).toBe(true);
    await user.type(input, '{Enter}');
    await user.type(input, '   ');
    expect(send.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('   ');
  });

  it('keeps the text when the message could not be sent', async () => {
    const { user, onSend, input } = setup({ accepted: false });
    await user.type(input, 'Are you there?{Enter}');
    expect(onSend).toHaveBeenCalledWith('Are you there?');
    expect(input.value).toBe('Are you there?');
  });

  it('takes at most 2000 characters', async () => {
    const { user, onSend, input, send } = setup();
    expect(input.maxLength).toBe(2000);
    await user.click(input);
    await user.paste('a'.repeat(2001));
    expect(input.value).toHaveLength(2000);
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith('a'.repeat(2000));
  });

  it('shows the messages it is given, in that order, with sender and time', () => {
    const newer = message('See https://example.com', '2026-03-01T10:05:00Z', 'Ivan');
    const older = message('Hello', '2026-03-01T10:00:00Z');
    setup({ messages: [newer, older] });
    expect(screen.queryByText('No messages yet.')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Chat messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `Ivan Koval · ${localTime(newer.sentAt)}See https://example.com`,
      `Olena Koval · ${localTime(older.sentAt)}Hello`,
    ]);
    expect(within(items[0]).getByRole('link', { name: 'https://example.com' }).getAttribute('href')).toBe('https://example.com');
  });

  it('says so when there are no messages, and shows one as it arrives', () => {
    const { view, onSend } = setup();
    expect(screen.queryByText('No messages yet.')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Chat messages' })).toBeNull();
    view.rerender(<ChatPanel messages={[message('Hi!', '2026-03-01T10:00:00Z')]} error={null} onSend={onSend} />);
    expect(within(screen.getByRole('list', { name: 'Chat messages' })).getByRole('listitem').textContent).toContain('Hi!');
    expect(screen.queryByText('No messages yet.')).toBeNull();
  });

  it('explains a refused message', () => {
    setup({ error: 'RATE_LIMITED' });
    expect(screen.getByRole('alert').textContent).toBe('You are sending messages too fast. Wait a moment.');
  });

  it('explains any other refusal more generally', () => {
    setup({ error: 'VALIDATION' });
    expect(screen.getByRole('alert').textContent).toBe('The message was not sent.');
  });
});
