/*
 * docs/behaviour.md §5 VAT ID: spaces removed, the first two characters are the country code, the rest the
 * number; the server decides (format and check digits per EU country). A failed call is invalid.
 */

export interface VatIdParts {
  countryCode: string;
  vatNumber: string;
}

/** The VAT ID as sent and stored: without spaces (any whitespace), upper-cased. */
export function normalizeVatId(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * The parts to send, or null when the value cannot be a VAT ID at all (the request contract wants
 * two letters and a number of 2 to 20 characters), so the server is not asked about it.
 */
export function parseVatId(raw: string): VatIdParts | null {
  const value = normalizeVatId(raw);
  const countryCode = value.slice(0, 2);
  const vatNumber = value.slice(2);
  if (!/^[A-Z]{2}$/.test(countryCode) || vatNumber.length < 2 || vatNumber.length > 20) return null;
  return { countryCode, vatNumber };
}

/** Valid or not; an empty VAT ID needs no check (the field is optional). */
export async function isValidVatId(
  raw: string,
  validate: (countryCode: string, vatNumber: string) => Promise<boolean>,
): Promise<boolean> {
  const parts = parseVatId(raw);
  if (!parts) return false;
  try {
    return await validate(parts.countryCode, parts.vatNumber);
  } catch {
    // docs/behaviour.md §5: a failed call counts as invalid.
    return false;
  }
}
