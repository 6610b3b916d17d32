import sharp from 'sharp';
import { AppError } from './errors.js';

// Past uploads' pixels are never reused, so libvips keeps no cache of them.
sharp.cache(false);

/**
 * Lets a few heavy decodes (images, PDFs) run at once and queues the rest. A small file can decode to hundreds of
 * megabytes, so it is the decodes at once, not the requests, that bound the memory; a full queue answers 503.
 */
export class DecodeGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most decodes seen running at once and waiting at once, and how many ran: for tests and logs. */
  readonly seen = { running: 0, waiting: 0, decodes: 0 };

  constructor(
    readonly atOnce: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    this.seen.running = Math.max(this.seen.running, this.active);
    this.seen.decodes += 1;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Starts the counts afresh. */
  resetSeen(): void {
    Object.assign(this.seen, { running: 0, waiting: 0, decodes: 0 });
  }

  private async acquire(): Promise<void> {
    if (this.active < this.atOnce) {
      this.active += 1;
      return;
    }
    if (this.waiting.length >= this.maxWaiting) {
      throw new AppError(503, 'UNAVAILABLE', 'Many files are being processed right now. Please try again in a minute');
    }
    // The slot is handed over by release(), so `active` stays counted for the one that waits.
    const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.seen.waiting = Math.max(this.seen.waiting, this.waiting.length);
    await turn;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

/**
 * The one gate of this process for uploads' images and PDFs. One at a time: a 25-megapixel photo taken sideways is
 * held whole while it is turned upright (about 80 MB), and sharp runs each on one thread of libuv's pool, which
 * password hashing also needs.
 */
export const decodeGate = new DecodeGate(1, 16);
