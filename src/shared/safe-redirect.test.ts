import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps ordinary internal paths with their query and fragment', () => {
    expect(safeRedirectPath('/')).toBe('/');
    expect(safeRedirectPath('/pass')).toBe('/pass');
    expect(safeRedirectPath('/contacts?currentTab=scan')).toBe('/contacts?currentTab=scan');
    expect(safeRedirectPath('/agenda#day-2')).toBe('/agenda#day-2');
    expect(safeRedirectPath('/accommodation/42')).toBe('/accommodation/42');
    // A query may mention another site: it stays a query of this app.
    expect(safeRedirectPath('/sign-in?next=//evil.com')).toBe('/sign-in?next=//evil.com');
  });

  it('normalises dot segments the way a browser does', () => {
    expect(safeRedirectPath('/a/./b/../c')).toBe('/a/c');
    expect(safeRedirectPath('/./pass')).toBe('/pass');
  });

  it('refuses what is not a path', () => {
    for (const candidate of [undefined, null, 42, {}, '', 'pass', 'https://evil.com', 'javascript:alert(1)', 'x'.repeat(3000)]) {
      expect(safeRedirectPath(candidate)).toBe('/');
    }
    expect(safeRedirectPath('https://evil.com', '/home')).toBe('/home');
  });

  it('refuses paths that normalise or decode to another origin', () => {
    const tricky = [
      // protocol-relative and backslash forms
      '//evil.com',
      '///evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      // dot segments that collapse into a protocol-relative path
      '/.//evil.com',
      '/./\\evil.com',
      '/a/..//evil.com',
      '/a/../\\evil.com',
      '/%2e//evil.com',
      '/%2E%2E//evil.com',
      '/a/%2e%2e//evil.com',
      // percent-encoded slashes and backslashes
      '/%2F%2Fevil.com',
      '/%2f/evil.com',
      '/%5Cevil.com',
      '/%5c%5cevil.com',
      '/.%2F/evil.com',
      '/%252F%252Fevil.com',
      // tabs, newlines and other controls that browsers drop from URLs
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      '/%09/evil.com',
      '/%0A/evil.com',
      '/\u0000/evil.com',
      '/\u007f/evil.com',
      '/\u00a0/evil.com',
      '/\u2028/evil.com',
      ' /pass',
      '/pass\n',
      // schemes behind a slash
      '/javascript:alert(1)//',
    ];
    for (const candidate of tricky) {
      const result = safeRedirectPath(candidate);
      expect(result, JSON.stringify(candidate)).not.toMatch(/^(?:\/[/\\]|[a-z][a-z0-9+.-]*:)/i);
      expect(new URL(result, 'https://app.example').origin, JSON.stringify(candidate)).toBe('https://app.example');
    }
    expect(safeRedirectPath('/.//evil.com')).toBe('/');
    expect(safeRedirectPath('/./\\evil.com')).toBe('/');
    expect(safeRedirectPath('/%2F%2Fevil.com')).toBe('/');
    expect(safeRedirectPath('/\\evil.com')).toBe('/');
    expect(safeRedirectPath('/\t/evil.com')).toBe('/');
    expect(safeRedirectPath('/a/..//evil.com', '')).toBe('');
  });
});
