/**
 * Files by key, at most `maxBytes` in all, the least recently asked for going first; a file over an eighth of that is
 * not kept. Callers asking for a key that is still being made share that making.
 */
export class PdfCache {
  private readonly kept = new Map<string, Buffer>();
  private readonly making = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.kept.get(key);
    if (hit) {
      // Map keeps insertion order: moved to the end, it is the last to go.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return Promise.resolve(hit);
    }
    let made = this.making.get(key);
    if (!made) {
      made = make()
        .then((data) => {
          this.keep(key, data);
          return data;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  private keep(key: string, data: Buffer): void {
    if (data.byteLength > this.maxBytes / 8) return;
    this.kept.set(key, data);
    this.bytes += data.byteLength;
    for (const [oldest, file] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= file.byteLength;
    }
  }
}
