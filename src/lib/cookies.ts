/** Tiny cookie helpers for the few client cookies of docs/behaviour.md (token, survey, surveyRedirect). */
export function getCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAgeSeconds = 60 * 60 * 24 * 30): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // Strict: these cookies (the token among them) are never sent with a request another site starts.
  // biome-ignore lint/suspicious/noDocumentCookie: the async Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie.
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}
