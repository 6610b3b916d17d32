import { AVATAR_MAX_BYTES, AVATAR_MAX_PX, AVATAR_MAX_SIDE_PX } from '@rozmova/contract';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { decodeGate } from '../../lib/decode-gate.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { checkPixels, declaredSize } from '../../lib/image-pixels.js';
import { type AvatarContentType, detectImageType } from '../../lib/image-type.js';
import { checkDeclaredLength, multipartFailure, readPart } from '../../lib/multipart.js';

export type AvatarUpload = { contentType: AvatarContentType; data: Buffer };

/** The whole multipart body: the image plus room for part headers and the few small text fields allowed. */
const MAX_BODY_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

const PIXELS = { maxSide: AVATAR_MAX_SIDE_PX, maxPixels: AVATAR_MAX_SIDE_PX ** 2 };

const tooLarge = () => new AppError(413, 'TOO_LARGE', `The image is larger than ${AVATAR_MAX_BYTES / 1024} KB`);
const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA', 'Only JPEG, PNG or WebP images are accepted');

/**
 * Reads the multipart field `file`. The parser truncates the part at the avatar limit, so no more than
 * that is ever held in memory, and a truncated part means the upload was too large.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<AvatarUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA', 'Send the image as multipart/form-data in the field "file"');
  }
  checkDeclaredLength(request.headers['content-length'], MAX_BODY_BYTES, tooLarge);
  try {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (part?.fieldname !== 'file') {
      part?.file.resume();
      throw badRequest('file', 'Choose an image to upload');
    }
    const data = await readPart(part, tooLarge);
    if (data.length === 0) throw badRequest('file', 'The file is empty');
    const contentType = detectImageType(data);
    if (!contentType) throw unsupported();
    await checkDimensions(data);
    return { contentType, data: await reencode(data, contentType) };
  } catch (err) {
    throw multipartFailure(err, tooLarge, 'The upload has too many parts: send one image in the field "file"');
  }
}

/** Decoding cost grows with the pixel count, which a small compressed file can make huge. */
async function checkDimensions(data: Buffer) {
  const size = await declaredSize(data);
  if (!size) throw badRequest('file', 'The image header could not be read');
  checkPixels(size, PIXELS);
}

/**
 * Decodes the image and writes it anew in its own format, at most AVATAR_MAX_PX a side, turned upright: nothing of
 * the upload survives but its pixels (no EXIF with GPS, no bytes after the image). sharp works off the event loop,
 * one image of the whole process at a time (lib/decode-gate.ts).
 */
async function reencode(data: Buffer, type: AvatarContentType): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: PIXELS.maxPixels, failOn: 'error' })
    .rotate()
    .resize(AVATAR_MAX_PX, AVATAR_MAX_PX, { fit: 'inside', withoutEnlargement: true });
  const encoded =
    type === 'image/jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : type === 'image/png'
        ? image.png()
        : image.webp({ quality: 85 });
  try {
    return await decodeGate.run(() => encoded.toBuffer());
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('file', 'The image could not be read');
  }
}
