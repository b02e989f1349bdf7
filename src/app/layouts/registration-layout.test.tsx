import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RegistrationLayout } from './registration-layout.tsx';

function render(path: string) {
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RegistrationLayout />}>
            <Route path="/registration" element={<h1>Choose your pass type</h1>} />
            <Route path="/registration/hotel" element={<h1>Hotel</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('registration layout on the landing', () => {
  it('puts the pass choice before the welcome and the offer (first screen on a phone), keeping their texts', () => {
    const html = render('/registration');
    const main = html.indexOf('<main');
    expect(main).toBeGreaterThan(-1);
    expect(html.indexOf('Choose your pass type')).toBeLessThan(html.indexOf('Registration is open!'));
    expect(html.indexOf('Registration is open!')).toBeGreaterThan(main);
    expect(html).toContain('you need an account');
    expect(html).toContain('class="registration-layout is-landing"');
    // The welcome and the offer are a landmark of their own (axe `region`).
    expect(html).toMatch(/<aside class="registration-layout__promo" aria-labelledby="registration-welcome-title">/);
  });

  it('shows neither on the other steps', () => {
    const html = render('/registration/hotel');
    expect(html).not.toContain('Registration is open!');
    expect(html).toContain('class="registration-layout"');
  });
});
