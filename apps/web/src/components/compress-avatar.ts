import { AVATAR_MAX_MB, AVATAR_MAX_PX } from '@rozmova/contract';
import imageCompression from 'browser-image-compression';

/** Shrinks a picked image to the spec's avatar limits: at most 512 px and 0.2 MB, as JPEG. */
export function compressAvatar(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<File> {
  return imageCompression(file, {
    maxWidthOrHeight: AVATAR_MAX_PX,
    maxSizeMB: AVATAR_MAX_MB,
    fileType: 'image/jpeg',
    // A worker would load the library from a CDN, which the content security policy forbids.
    useWebWorker: false,
    onProgress,
    signal,
  });
}
