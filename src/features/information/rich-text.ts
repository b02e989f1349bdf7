/**
 * The one piece of markup the information texts use: `[label](href)` links. Kept as a pure function
 * so it can be tested without a DOM.
 */
export type RichTextSegment = ({ kind: 'text'; text: string } | { kind: 'link'; label: string; href: string }) & {
  /** Where the segment starts in the source string: unique, so it serves as a React key. */
  offset: number;
};

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseRichText(text: string): RichTextSegment[] {
  const segments: RichTextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start), offset: last });
    segments.push({ kind: 'link', label, href, offset: start });
    last = start + whole.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last), offset: last });
  return segments;
}

/** In-app targets (paths and anchors on this page) go through the router; the rest are plain links. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') || href.startsWith('#');
}

/** Anchors on this page that the texts link to, e.g. `#privacy-policy`. */
export function anchorTargets(text: string): string[] {
  return parseRichText(text).flatMap((segment) =>
    segment.kind === 'link' && segment.href.startsWith('#') ? [segment.href.slice(1)] : [],
  );
}
