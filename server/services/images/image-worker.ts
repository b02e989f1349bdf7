import { setPriority } from 'node:os';
import type { ImageJob, ImageJobAnswer } from './avatar-images.ts';
import { UnreadablePictureError } from './avatar-images.ts';
import { normaliseNow, renderNow } from './image-ops.ts';

/**
 * The image worker: a child process of the server (started by avatar-images.ts on the first picture)
 * that decodes, resizes and encodes pictures, one at a time, at the lowest CPU priority. Its own
 * process, so sharp holds none of the server's worker threads (where scrypt hashes passwords), and
 * the lowest priority, so the kernel gives the server's threads the cores first: asking for many
 * avatar variants cannot slow down sign-in. A picture that crashes libvips ends this
 * process, not the server.
 */

const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

try {
  setPriority(19);
} catch {
  // Not allowed here (some sandboxes): the job limit still bounds the work.
}

async function answer(job: ImageJob): Promise<ImageJobAnswer> {
  try {
    if (job.op === 'normalise') {
      const picture = await normaliseNow(bytes(job.input));
      return { id: job.id, ok: true, data: picture.data, width: picture.width, height: picture.height };
    }
    const data = await renderNow(bytes(job.input), job.variant);
    return { id: job.id, ok: true, data };
  } catch (error) {
    const unreadable = error instanceof UnreadablePictureError;
    return { id: job.id, ok: false, unreadable, message: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (job: ImageJob) => {
  void answer(job).then((reply) => process.send?.(reply));
});
// The server went away (ended, killed or crashed): so does its worker.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
