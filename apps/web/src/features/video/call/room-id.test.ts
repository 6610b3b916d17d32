import { describe, expect, it } from 'vitest';
import { newRoomId, roomFromQuery } from './room-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('room id', () => {
  it('makes a new UUID when the address has none', () => {
    const a = roomFromQuery(null);
    const b = roomFromQuery('  ');
    expect(a.room).toMatch(UUID);
    expect(b.room).toMatch(UUID);
    expect(a.room).not.toBe(b.room);
    expect(a).toMatchObject({ generated: true });
  });

  it('keeps a valid room from the address', () => {
    expect(roomFromQuery('2b1f9c1e-aaaa-4bbb-8ccc-123456789abc')).toEqual({
      room: '2b1f9c1e-aaaa-4bbb-8ccc-123456789abc',
      generated: false,
    });
  });

  it('refuses a malformed room', () => {
    expect(roomFromQuery('../../etc')).toEqual({ room: null });
    expect(roomFromQuery('x'.repeat(65))).toEqual({ room: null });
  });

  it('makes version-4 UUIDs without randomUUID too', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newRoomId()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
