import { roomIdSchema } from '@rozmova/contract';

/** A version-4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newRoomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The room of the address: missing means a new room is made; present but malformed is refused. */
export function roomFromQuery(value: string | null): { room: string; generated: boolean } | { room: null } {
  if (value === null || value.trim() === '') return { room: newRoomId(), generated: true };
  const parsed = roomIdSchema.safeParse(value);
  return parsed.success ? { room: parsed.data, generated: false } : { room: null };
}
