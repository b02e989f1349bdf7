const euro = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Integer cents → euros with 2 decimals (SPEC §9), e.g. 29900 → '€299.00', -1250 → '-€12.50'.
 * Cents stay integers everywhere else; this is the only place they become a display string.
 */
export function formatEuro(cents: number): string {
  if (!Number.isFinite(cents)) return euro.format(0);
  // Intl rounds half-even on some engines; round the cents first so 0.5 cents never flips.
  return euro.format(Math.round(cents) / 100);
}

/** Pass and room prices: 'Free' for 0, otherwise formatEuro. */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'Free' : formatEuro(cents);
}
