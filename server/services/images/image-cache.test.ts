import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageDiskCache } from './image-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'cf-image-cache-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ImageDiskCache', () => {
  it('keeps files per image, leaves no partial file behind, and forgets an image whole', async () => {
    const cache = new ImageDiskCache();
    cache.keepIn(join(root, 'cache'));
    const id = randomUUID();
    expect(await cache.get(id, 'source')).toBeUndefined();
    await cache.put(id, 'source', Buffer.from('picture'));
    await cache.put(id, '112x112-crop', Buffer.from('variant'));
    expect((await cache.get(id, 'source'))?.toString()).toBe('picture');
    expect(readdirSync(join(root, 'cache', id)).sort()).toEqual(['112x112-crop.webp', 'source.webp']);
    await cache.forget(id);
    expect(await cache.get(id, 'source')).toBeUndefined();
    expect(readdirSync(join(root, 'cache'))).toEqual([]);
  });

  it('never builds a path from anything but an image id and a plain file name', async () => {
    const cache = new ImageDiskCache();
    cache.keepIn(join(root, 'strict'));
    await expect(cache.get('../../etc', 'passwd')).rejects.toThrow(/not an image cache key/);
    await expect(cache.put(randomUUID(), '../escape', Buffer.from('x'))).rejects.toThrow(/not an image cache key/);
  });

  it('keeps nothing, and fails nothing, when its folder cannot be made', async () => {
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const warnings: string[] = [];
    const cache = new ImageDiskCache();
    cache.keepIn(join(blocker, 'cache'));
    cache.log = { warn: (_details, message) => warnings.push(message) };
    const id = randomUUID();
    await cache.put(id, 'source', Buffer.from('picture'));
    expect(await cache.get(id, 'source')).toBeUndefined();
    await cache.forget(id);
    expect(warnings).toHaveLength(1);
  });
});
