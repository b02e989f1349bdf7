/** docs/behaviour.md §7: avatars are shown 56×56, cropped, at device pixel ratio 2. */
export const AVATAR_SIZE = 56;

/** The avatar variant URL of a stored image URL (users.image, e.g. /api/image/{id}); null without one. */
export function avatarUrl(image: string | null | undefined, size = AVATAR_SIZE): string | null {
  if (!image) return null;
  const url = new URL(image, 'http://internal.invalid');
  url.searchParams.set('width', String(size));
  url.searchParams.set('height', String(size));
  url.searchParams.set('fit', 'crop');
  url.searchParams.set('dpr', '2');
  return image.startsWith('/') ? url.pathname + url.search : url.toString();
}
