import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { janusRoomNumber, joinDeadline, parseRoomDescription, roomDescription, signToken } from './tokens.js';

describe('Janus tokens and rooms', () => {
  it('signs a token as Janus checks it: HMAC-SHA1 of what precedes the colon, the VideoRoom among its plugins', () => {
    const token = signToken('s3cret-s3cret-s3cret', new Date(2_000_000_000_000), new Date(1_999_999_990_000));
    const [data, signature] = token.split(':');
    expect(data.split(',').slice(0, 3)).toEqual(['2000000000', 'janus', 'janus.plugin.videoroom']);
    expect(signature).toBe(createHmac('sha1', 's3cret-s3cret-s3cret').update(data).digest('base64'));
    expect(joinDeadline(token)).toBe(1_999_999_990);
    expect(signToken('s3cret-s3cret-s3cret', new Date(2_000_000_000_000), new Date())).not.toBe(token);
    expect(joinDeadline('1,janus,janus.plugin.videoroom:abc')).toBeNull();
  });

  it('numbers a room the same everywhere, as a safe integer, and reads back its description', () => {
    const id = '0b6f4d8e-8c1e-4a55-9d7b-2f3c1f6b9a10';
    expect(janusRoomNumber(id)).toBe(janusRoomNumber(id));
    expect(Number.isSafeInteger(janusRoomNumber(id))).toBe(true);
    expect(janusRoomNumber(id)).not.toBe(janusRoomNumber(`${id}x`));
    const closesAt = new Date('2026-03-11T12:00:00Z');
    expect(parseRoomDescription(roomDescription(id, closesAt))).toEqual({ roomId: id, closesAt });
    expect(parseRoomDescription('Demo Room')).toBeNull();
    expect(parseRoomDescription(undefined)).toBeNull();
  });
});
