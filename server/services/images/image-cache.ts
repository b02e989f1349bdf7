import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** File names inside an image's folder: `source` or a variant name made file-safe (`112x112-crop`). */
const FILE = /^[0-9a-z-]{1,40}$/;

/** One temporary folder per process, whichever app in it asks (tests build many). */
let temporaryRoot: Promise<string> | undefined;

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * Pictures on disk, one folder per image: its stored picture (`source.webp`) and each variant
 * rendered from it. Disk, not the database: with the embedded PGlite a large bytea costs the main
 * thread ~0.3 ms per KB to write and ~0.15 ms per KB to read, so serving and keeping variants
 * through it would stall every other request (sign-in included) whenever pictures are asked for;
 * files are read and written off the main thread. A cache only: anything missing is read from
 * `images` or rendered again, and nothing is served before the route has found the image row.
 * Without a usable folder it keeps nothing (and says so once).
 */
export class ImageDiskCache {
  private dir: string | undefined;
  private root: Promise<string | undefined> | undefined;
  private warned = false;
  log: Logger | undefined;

  /** The folder to keep pictures in; undefined: a fresh temporary one (a database that lives in memory). */
  keepIn(dir: string | undefined) {
    this.dir = dir;
    this.root = undefined;
  }

  private folder(): Promise<string | undefined> {
    this.root ??= (async () => {
      try {
        if (!this.dir) {
          temporaryRoot ??= mkdtemp(join(tmpdir(), 'cloudfest-image-cache-'));
          return await temporaryRoot;
        }
        await mkdir(this.dir, { recursive: true, mode: 0o700 });
        return this.dir;
      } catch (error) {
        this.warnOnce(error, 'image cache folder unusable: pictures are not kept on disk');
        return undefined;
      }
    })();
    return this.root;
  }

  private warnOnce(error: unknown, message: string) {
    if (this.warned) return;
    this.warned = true;
    this.log?.warn({ err: error, dir: this.dir }, message);
  }

  private async pathOf(imageId: string, file?: string): Promise<string | undefined> {
    if (!UUID.test(imageId) || (file !== undefined && !FILE.test(file)))
      throw new Error(`not an image cache key: ${imageId} ${file}`);
    const root = await this.folder();
    if (!root) return undefined;
    return file === undefined ? join(root, imageId.toLowerCase()) : join(root, imageId.toLowerCase(), `${file}.webp`);
  }

  async get(imageId: string, file: string): Promise<Buffer | undefined> {
    const path = await this.pathOf(imageId, file);
    if (!path) return undefined;
    return readFile(path).catch(() => undefined);
  }

  /** Keeps a file; written beside and renamed into place, so a reader never sees half of one. */
  async put(imageId: string, file: string, data: Buffer): Promise<void> {
    const path = await this.pathOf(imageId, file);
    const folder = await this.pathOf(imageId);
    if (!path || !folder) return;
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(partial, data, { mode: 0o600 });
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      this.warnOnce(error, 'image cache write failed: pictures are not kept on disk');
    }
  }

  /** Drops an image's folder (after the image was replaced or deleted). */
  async forget(imageId: string): Promise<void> {
    const folder = await this.pathOf(imageId);
    if (folder) await rm(folder, { recursive: true, force: true }).catch(() => {});
  }
}
