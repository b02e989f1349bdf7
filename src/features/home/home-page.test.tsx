import { I18nProvider } from '@lingui/react';
import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../i18n/i18n.ts';
import { userAtom } from '../../lib/session.ts';
import type { User } from '../../shared/contracts/user.ts';
import { HomePage } from './home-page.tsx';

// The page's messages in English, loaded before rendering (a static render cannot wait for them).
beforeAll(async () => {
  await loadNamespaces(['common', 'home', 'pass']);
  i18n.activate('en');
});

function render(permissions: { path: string }[]) {
  const store = createStore();
  store.set(userAtom, {
    uuid: 'u',
    firstName: 'Tobias',
    lastName: 'Krüger',
    scope: [],
    tags: [],
    permissions,
  } as unknown as User);
  return renderToStaticMarkup(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

describe('home', () => {
  it('leads with the pass and the jobs on site, the news last (it loads last, so nothing moves)', () => {
    const html = render([]);
    const at = (text: string) => {
      const index = html.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    expect(at('No Pass')).toBeLessThan(at('Quick links'));
    expect(at('Quick links')).toBeLessThan(at('>Agenda<'));
    expect(at('>Agenda<')).toBeLessThan(at('>Floor Plan<'));
    expect(at('>Floor Plan<')).toBeLessThan(at('>Site Plan<'));
    expect(at('>Site Plan<')).toBeLessThan(at('>Train Ticket<'));
    expect(at('>Information<')).toBeLessThan(at('>News<'));
    expect(html).not.toContain('Lead Scanner');
  });

  it('offers the lead scanner right after the plans to lead scanners', () => {
    const html = render([{ path: '/contacts' }]);
    expect(html).toContain('href="/contacts?currentTab=scan"');
    expect(html.indexOf('>Site Plan<')).toBeLessThan(html.indexOf('>Lead Scanner<'));
    expect(html.indexOf('>Lead Scanner<')).toBeLessThan(html.indexOf('>Train Ticket<'));
  });
});
