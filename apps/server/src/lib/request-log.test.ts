import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log.js';

describe('loggedUrl', () => {
  it('keeps the path and the query keys but drops every value', () => {
    expect(loggedUrl('/api/magic-login?token=abc.def')).toBe('/api/magic-login?token=…');
    expect(loggedUrl('/api/records?page=2&q=anxiety&flag')).toBe('/api/records?page=…&q=…&flag=…');
    expect(loggedUrl('/api/platform')).toBe('/api/platform');
    expect(loggedUrl('/api/platform?')).toBe('/api/platform');
  });
});
