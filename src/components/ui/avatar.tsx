import { useState } from 'react';
import { AVATAR_SIZE, avatarUrl } from '../../shared/avatar.ts';
import './avatar.css';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export interface AvatarProps {
  name: string;
  /** The stored image URL (user.image, e.g. /api/image/{id}); the 56 px variant is requested from it. */
  image: string | null;
  /** A ready-made URL to show as is (e.g. the preview of a picture not yet uploaded). */
  src?: string | null;
  size?: 'md' | 'lg';
}

/**
 * Round picture, 56×56 (docs/behaviour.md §7, §9) cropped by the server at dpr 2, or the initials when there is
 * none or it fails to load. Decorative: the name is always shown next to it.
 */
export function Avatar({ name, image, src, size = 'md' }: AvatarProps) {
  const url = src ?? avatarUrl(image);
  // Remember which URL failed, so a new picture gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  const className = size === 'lg' ? 'avatar avatar--lg' : 'avatar';
  if (url && failed !== url) {
    return (
      <img
        className={className}
        src={url}
        alt=""
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        decoding="async"
        onError={() => setFailed(url)}
      />
    );
  }
  return (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
