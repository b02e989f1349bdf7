import type { MessageKey } from '../../../i18n/namespaces.ts';

/**
 * The information page's texts are data, not markup: each section is a list of h3 subsections
 * made of a few block kinds, rendered by ../info-section.tsx. Every text is a message of the
 * `information` namespace (src/locales/<language>/information.json), so the page reads the same in
 * each language; only names, numbers and addresses that never change with the language are written
 * here as they are.
 *
 * Messages may contain links written as `[label](href)`: `mailto:`, `tel:` and `https:` become
 * plain anchors, `/…` and `#…` become router links (see ../rich-text.ts). They may also use the
 * facts of ./facts.ts as {placeholders} (`{emailLink}`, `{freeCancellation}`…), filled in the
 * active language.
 */
export type InfoKey = MessageKey<'information'>;

/** A message key, or text that reads the same in every language (it may hold links too). */
export type InfoText = InfoKey | { verbatim: string };

export type Block =
  | { kind: 'paragraph'; text: InfoText }
  | { kind: 'list'; items: readonly InfoText[]; ordered?: boolean }
  /** A postal address or contact block, one line each. */
  | { kind: 'address'; lines: readonly InfoText[] }
  /** Term and description pairs (prices, dates, facts). */
  | { kind: 'facts'; items: readonly { term: InfoKey; text: InfoText }[] }
  /**
   * The seller's postal address from the server's configuration (../seller.tsx), after `before`
   * lines (a person at that address) and before `after` lines (an e-mail address).
   */
  | { kind: 'seller-address'; before?: readonly InfoText[]; after?: readonly InfoText[] }
  /** The seller's managing directors, commercial register and VAT ID (or tax number). */
  | { kind: 'seller-facts' };

export interface Subsection {
  heading: InfoKey;
  blocks: readonly Block[];
}

export interface InfoSection {
  /** The anchor the app's footer links point to (src/app/layouts/nav-links.ts). */
  id: string;
  title: InfoKey;
  /** One sentence for the table of contents. */
  summary: InfoKey;
  /** Blocks shown under the h2, before the first subsection. */
  intro?: readonly Block[];
  subsections: readonly Subsection[];
}
