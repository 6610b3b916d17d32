import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { messageErrorText } from './message-error';
import { textsIn } from './test-texts';

const refused = (status: number, code: string) => new ApiError(status, code, 'server words');

describe('why a message to a patient was not sent', () => {
  it('names the hourly limit, in both languages, not the server’s English', async () => {
    const limited = refused(429, 'RATE_LIMITED');
    expect(messageErrorText(await textsIn('en'), limited)).toBe('You can send at most 20 messages an hour; try again later.');
    expect(messageErrorText(await textsIn('uk'), limited)).toBe(
      'Можна надіслати не більше 20 повідомлень на годину; спробуйте пізніше.',
    );
  });

  it('says the person is no longer a patient, the text is refused, or the server is out of reach', async () => {
    const t = await textsIn('en');
    expect(messageErrorText(t, refused(404, 'NOT_FOUND'))).toMatch(/not among your patients/);
    expect(messageErrorText(t, refused(400, 'VALIDATION'))).toMatch(/check the text/);
    expect(messageErrorText(t, refused(0, 'NETWORK'))).toBe(t('error.network'));
  });

  it('falls back to a general failure', async () => {
    const t = await textsIn('en');
    expect(messageErrorText(t, refused(500, 'INTERNAL'))).toBe('Could not send the message. Please try again.');
    expect(messageErrorText(t, new Error('boom'))).toBe('Could not send the message. Please try again.');
  });
});
