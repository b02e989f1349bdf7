/**
 * German VAT by what is sold: one table, read by the checkout's pricing, the server's
 * orders, invoices, credit notes, e-invoices and exports alike, so they can never disagree.
 *
 * Everything the event sells is taxed in Germany whoever buys it, so nothing is reverse-charged:
 * - admission to an event held in Germany: where it takes place (Art. 53 VAT Directive 2006/112/EC,
 *   § 3a (3) no. 5 UStG), standard rate;
 * - hotel nights: where the hotel stands (Art. 47, § 3a (3) no. 1 UStG), reduced rate for the
 *   accommodation itself (§ 12 (2) no. 11 UStG); breakfast and other extras stay at the standard rate
 *   (§ 12 (2) no. 11 sentence 2 UStG);
 * - rail tickets: where the train runs (Art. 48, § 3b UStG); long-distance rail in Germany at the
 *   reduced rate (§ 12 (2) no. 10 UStG).
 */

/** The kinds of invoice line the event sells. */
export const LINE_KINDS = ['pass', 'upgrade', 'hotel', 'extra', 'train-ticket'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/**
 * VAT category codes of EN 16931 (UNCL 5305): 'S' standard or reduced rate, the only one sold today.
 * 'AE' (reverse charge) exists only on invoices issued before migration 0020, which stay as issued.
 */
export const VAT_CATEGORIES = ['S', 'AE'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export interface TaxRule {
  category: 'S';
  /** The rate in basis points: 1900 = 19 %. */
  basisPoints: number;
}

/** The law of each rule is in the comment above; as data it would ship to every phone for nothing. */
export const TAX_RULES: Readonly<Record<LineKind, TaxRule>> = {
  // Art. 53 VAT Directive; § 3a (3) no. 5, § 12 (1) UStG
  pass: { category: 'S', basisPoints: 1900 },
  upgrade: { category: 'S', basisPoints: 1900 },
  // Art. 47 VAT Directive; § 3a (3) no. 1, § 12 (2) no. 11 UStG
  hotel: { category: 'S', basisPoints: 700 },
  // § 12 (2) no. 11 sentence 2 UStG: breakfast and other extras of a stay
  extra: { category: 'S', basisPoints: 1900 },
  // Art. 48 VAT Directive; § 3b, § 12 (2) no. 10 UStG
  'train-ticket': { category: 'S', basisPoints: 700 },
};

export function taxRuleOf(kind: LineKind): TaxRule {
  return TAX_RULES[kind];
}
