import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/contracts/user.ts';
import { userAtom } from '../../lib/session.ts';
import { HomePage } from './home-page.tsx';

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
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
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
