/** Text helpers shared by the plans: matching ignores case, accents and extra spaces. */

export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Only http(s) links reach an href; anything else (javascript:, data:) is shown as plain text. */
export function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** 'https://www.example.com/' → 'www.example.com', for link text. */
export function websiteLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}
