import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { calendarFileName, downloadCalendarInvite } from './calendar-invite';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

describe('downloading a session for the calendar', () => {
  const clicked: { href: string; download: string }[] = [];
  let click: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.setItem('token', 'the-token');
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invite');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    clicked.length = 0;
  });

  it('fetches the invitation with the token and saves it as rozmova-session-{id}.ics', async () => {
    const fetch = vi.fn(async () => new Response(ICS, { status: 200, headers: { 'content-type': 'text/calendar' } }));
    vi.stubGlobal('fetch', fetch);
    await downloadCalendarInvite(42);

    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/api/appointments/42/calendar.ics');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer the-token');
    const file = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(await file.text()).toBe(ICS);
    expect(clicked).toEqual([{ href: 'blob:invite', download: 'rozmova-session-42.ics' }]);
    expect(calendarFileName(7)).toBe('rozmova-session-7.ics');
    // The link is gone from the page once used.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('rejects with the API error and saves nothing when the session is not the reader’s', async () => {
    const body = JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Appointment not found' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 404 })),
    );
    const failed = downloadCalendarInvite(42);
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(click).not.toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
