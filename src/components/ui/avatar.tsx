import './avatar.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * 56 px round picture (SPEC §9), or the initials when there is none. Decorative: the name is
 * always shown next to it.
 */
export function Avatar({ name, image }: { name: string; image: string | null }) {
  if (image) return <img className="avatar" src={image} alt="" width={56} height={56} decoding="async" />;
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
