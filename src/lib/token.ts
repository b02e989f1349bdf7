import { deleteCookie, getCookie, setCookie } from './cookies.ts';

const KEY = 'token';

/** docs/behaviour.md §4: the token lives in a cookie and in localStorage; either one restores the session. */
export function readToken(): string | null {
  return localStorage.getItem(KEY) ?? getCookie(KEY) ?? null;
}

export function writeToken(token: string | null): void {
  if (token) {
    localStorage.setItem(KEY, token);
    setCookie(KEY, token);
  } else {
    localStorage.removeItem(KEY);
    deleteCookie(KEY);
  }
}
