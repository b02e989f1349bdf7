/**
 * The information page's texts are data, not markup: each section is a list of h3 subsections
 * made of a few block kinds, rendered by ../info-section.tsx.
 *
 * Text strings may contain links written as `[label](href)`: `mailto:`, `tel:` and `https:` become
 * plain anchors, `/…` and `#…` become router links (see ../rich-text.tsx).
 */
export type RichText = string;

export type Block =
  | { kind: 'paragraph'; text: RichText }
  | { kind: 'list'; items: readonly RichText[]; ordered?: boolean }
  /** A postal address or contact block, one line each. */
  | { kind: 'address'; lines: readonly RichText[] }
  /** Term and description pairs (prices, dates, facts). */
  | { kind: 'facts'; items: readonly { term: string; text: RichText }[] };

export interface Subsection {
  heading: string;
  blocks: readonly Block[];
}

export interface InfoSection {
  /** The anchor the app's footer links point to (src/app/layouts/nav-links.ts). */
  id: string;
  title: string;
  /** One sentence for the table of contents. */
  summary: string;
  /** Blocks shown under the h2, before the first subsection. */
  intro?: readonly Block[];
  subsections: readonly Subsection[];
}
