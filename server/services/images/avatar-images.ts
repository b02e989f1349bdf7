import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The long side of a stored avatar: more than any variant of it is shown at (56 px at dpr 3 and profile pages). */
export const STORED_MAX_SIDE = 1024;

export const UNREADABLE_PICTURE = 'This file is not a picture we can read.';

/**
 * At most `limit` jobs at once, the rest waiting their turn in order. Every picture the server
 * decodes or renders is one image job: unbounded image work (a hundred variant
 * requests) took all of libuv's worker threads, which scrypt needs for every sign-in, and all cores.
 */
export class JobLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most jobs ever running at once (since the last resetPeak). */
  peak = 0;
  /** Jobs finished, successfully or not. */
  completed = 0;

  constructor(readonly limit: number) {}

  get running() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active += 1;
    // A finishing job hands its slot straight to the next in line (active stays as it is).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.peak = Math.max(this.peak, this.active);
    try {
      return await job();
    } finally {
      this.completed += 1;
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  resetPeak() {
    this.peak = this.active;
  }
}

/** One image job at a time, in the image worker process at the lowest CPU priority: at most one core, never the server's threads. */
export const IMAGE_JOB_CONCURRENCY = 1;
export const imageJobs = new JobLimit(IMAGE_JOB_CONCURRENCY);

export class UnreadablePictureError extends Error {
  constructor(cause?: unknown) {
    super(UNREADABLE_PICTURE, { cause });
    this.name = 'UnreadablePictureError';
  }
}

export interface StoredPicture {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** What the server asks of the image worker (image-worker.ts), and what it answers. */
type ImageJobRequest = { op: 'normalise'; input: Uint8Array } | { op: 'render'; input: Uint8Array; variant: Variant };
export type ImageJob = ImageJobRequest & { id: number };
export type ImageJobAnswer =
  | { id: number; ok: true; data: Uint8Array; width?: number; height?: number }
  | { id: number; ok: false; unreadable: boolean; message: string };

const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * The server's side of the image worker: a child process (image-worker.ts; image-worker.mjs in the
 * server bundle) started on the first picture and again after it ended. Jobs are sent over IPC with
 * their bytes; while none is pending the worker does not keep the server's process alive.
 */
export class ImageWorker {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (answer: ImageJobAnswer) => void; reject: (error: Error) => void }>();

  /** A job taking longer than this ends its worker (a picture libvips cannot finish must not hold the queue). */
  jobTimeoutMs = 30_000;

  private start(): Promise<ChildProcess> {
    this.ready ??= new Promise<ChildProcess>((resolve, reject) => {
      const source = import.meta.url.endsWith('.ts');
      const entry = fileURLToPath(new URL(source ? './image-worker.ts' : './image-worker.mjs', import.meta.url));
      const child = fork(entry, [], {
        execArgv: source ? ['--import', 'tsx'] : [],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      this.child = child;
      child.on('message', (message: ImageJobAnswer | { ready: true }) => {
        if ('ready' in message) return resolve(child);
        const job = this.pending.get(message.id);
        this.pending.delete(message.id);
        this.idle();
        job?.resolve(message);
      });
      const ended = (error: Error) => {
        reject(error);
        this.gone(child, error);
      };
      child.on('error', (error) => ended(new WorkerGone(`image worker failed (${error.message})`)));
      child.on('exit', (code, signal) => ended(new WorkerGone(`image worker ended (${signal ?? code})`)));
    });
    return this.ready;
  }

  /** The worker's process id while it runs. */
  get pid() {
    return this.child?.pid;
  }

  /** Lets the server's process end while the worker has nothing to do. */
  private idle() {
    if (this.pending.size > 0) return;
    this.child?.unref();
    this.child?.channel?.unref();
  }

  /** A job, sent again once to a new worker if the one it went to ended before answering. */
  async run(request: ImageJobRequest): Promise<{ data: Buffer; width?: number; height?: number }> {
    const answer = await this.send(request).catch((error: unknown) => {
      if (error instanceof WorkerGone) return this.send(request);
      throw error;
    });
    if (!answer.ok) throw answer.unreadable ? new UnreadablePictureError(answer.message) : new Error(answer.message);
    return { data: bytes(answer.data), width: answer.width, height: answer.height };
  }

  private async send(request: ImageJobRequest): Promise<ImageJobAnswer> {
    const child = await this.start();
    child.ref();
    child.channel?.ref();
    const id = this.nextId++;
    const answer = new Promise<ImageJobAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const job: ImageJob = { ...request, id };
      child.send(job, (error) => {
        if (!error) return;
        // The channel closed before the exit event came: this worker is gone.
        this.gone(child, new WorkerGone(`image worker unreachable (${error.message})`));
      });
    });
    // Not WorkerGone: the same picture is not sent again.
    const timer = setTimeout(() => this.gone(child, new Error(`image job took over ${this.jobTimeoutMs} ms`)), this.jobTimeoutMs);
    timer.unref();
    return answer.finally(() => clearTimeout(timer));
  }

  /** Forgets a worker that ended (or cannot be reached): its pending jobs fail, the next job starts a new one. */
  private gone(child: ChildProcess, error: Error) {
    if (this.child !== child) return;
    this.child = undefined;
    this.ready = undefined;
    child.kill('SIGKILL');
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}

/** The worker a job went to ended before it answered. */
class WorkerGone extends Error {}

const imageWorker = new ImageWorker();
/** The image worker's process id, while one runs (tests). */
export const imageWorkerPid = () => imageWorker.pid;

/**
 * Normalises an upload (image-ops.ts, in the image worker): decoded by its bytes, upright, at most
 * STORED_MAX_SIDE, re-encoded as WebP with nothing but its pixels. UnreadablePictureError when it
 * is not a JPEG, PNG or WebP picture we can read.
 */
export async function normalisePicture(input: Buffer): Promise<StoredPicture> {
  const done = await imageJobs.run(() => imageWorker.run({ op: 'normalise', input }));
  return { data: done.data, width: done.width ?? 0, height: done.height ?? 0, contentType: 'image/webp' };
}

export interface Variant {
  /** Output pixels (CSS size × dpr); undefined keeps the aspect ratio on that side. */
  width?: number;
  height?: number;
  fit: 'crop' | 'contain';
}

/**
 * The only sides (device pixels) a variant is rendered at: docs/behaviour.md §7's 56 px avatar at dpr 1, 2 and 3,
 * then larger pictures up to the stored size. A fixed set keeps the variants of a picture few (each
 * rendered once, then kept): any side in between cannot make the server render anything new.
 */
export const VARIANT_SIDES = [56, 112, 168, 256, 512, STORED_MAX_SIDE] as const;

/** The fixed side a requested one is served at: the nearest at or above it (never blurrier), at most STORED_MAX_SIDE. */
export const fixedSide = (px: number): number => VARIANT_SIDES.find((side) => side >= px) ?? STORED_MAX_SIDE;

/**
 * The variant a query asks for, in device pixels (docs/behaviour.md §7's 56×56 crop at dpr 2 is 112×112), each
 * side moved to its fixed size: width=100 is served 112 wide, 1024 at dpr 3 is served 1024 wide.
 */
export function variantOf(query: { width?: number; height?: number; fit?: 'crop' | 'contain'; dpr?: number }): Variant {
  const dpr = query.dpr ?? 1;
  return {
    width: query.width === undefined ? undefined : fixedSide(query.width * dpr),
    height: query.height === undefined ? undefined : fixedSide(query.height * dpr),
    fit: query.fit ?? 'contain',
  };
}

/** The variant's name within its image, as image_variants.variant holds it: e.g. `112x112:crop`. */
export const variantName = (v: Variant) => `${v.width ?? ''}x${v.height ?? ''}:${v.fit}`;
export const variantKey = (imageId: string, v: Variant) => `${imageId}:${variantName(v)}`;

/**
 * Renders a variant of a stored (already normalised) picture as WebP (image-ops.ts, in the image
 * worker): crop fills the box from the centre, contain fits inside it and never enlarges.
 */
export async function renderVariant(stored: Buffer, variant: Variant): Promise<Buffer> {
  if (variant.width === undefined && variant.height === undefined) return stored;
  return (await imageJobs.run(() => imageWorker.run({ op: 'render', input: stored, variant }))).data;
}

/**
 * A small least-recently-used cache of rendered variants, bounded by entry count and by size
 * (big renders are not kept), in front of image_variants: list pages full of 112×112 avatars do
 * not read the database per request.
 */
export class VariantCache {
  private readonly entries = new Map<string, Buffer>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxEntryBytes = 200 * 1024,
  ) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-insert: Maps iterate in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer) {
    if (value.length > this.maxEntryBytes) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }

  /** Drops every variant of an image (after it was deleted or replaced). */
  forget(imageId: string) {
    for (const key of this.entries.keys()) if (key.startsWith(`${imageId}:`)) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
