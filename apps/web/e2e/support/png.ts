import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { pngChunk as chunk } from '../../../server/test/fixtures/png-chunk';

/** A real RGB PNG of the given size (a colour gradient), written to a temporary file whose path is returned. */
export function writeTestPng(width = 96, height = 96): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows.set([Math.round((x / width) * 255), 128, Math.round((y / height) * 255)], row + 1 + x * 3);
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const path = join(tmpdir(), `avatar-${process.pid}-${Date.now()}.png`);
  writeFileSync(path, png);
  return path;
}
