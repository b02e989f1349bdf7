import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Seller } from '../../shared/contracts/seller.ts';
import { IMPRINT } from './content/imprint.ts';
import { PRIVACY_POLICY } from './content/privacy-policy.ts';
import type { InfoSection } from './content/types.ts';
import { InfoSectionView } from './info-section.tsx';
import { countryName, SellerContext, type SellerRequest, sellerAddressLines, sellerFacts } from './seller.tsx';

const SELLER: Seller = {
  name: 'Example Events GmbH',
  street: 'Hafenstraße 12',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
  vatId: 'DE999999999',
  taxNumber: '',
  register: 'Amtsgericht Hamburg, HRB 1',
  managingDirectors: ['Erika Muster'],
  email: 'billing@example.com',
  phone: '+49 40 0',
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function render(section: InfoSection, seller: SellerRequest): string {
  return text(
    renderToStaticMarkup(
      <MemoryRouter>
        <SellerContext.Provider value={seller}>
          <InfoSectionView section={section} />
        </SellerContext.Provider>
      </MemoryRouter>,
    ),
  );
}

const ready = (data: Seller): SellerRequest => ({ status: 'ready', data, error: null, retry: () => {} });

describe('the imprint’s provider', () => {
  it('is the configured seller: name, address, managing director, register and VAT ID', () => {
    const shown = render(IMPRINT, ready(SELLER));
    expect(shown).toContain('Example Events GmbH Hafenstraße 12 20457 Hamburg Germany');
    expect(shown).toContain('Managing director Erika Muster');
    expect(shown).toContain('Amtsgericht Hamburg, HRB 1');
    expect(shown).toContain('DE999999999');
    // The person responsible for the content, at the seller's address.
    expect(shown).toContain('Dr. Katharina Vogt Example Events GmbH Hafenstraße 12 20457 Hamburg Germany');
    // Nothing of the details the app once wrote in itself.
    expect(shown).not.toMatch(/DE136695976|Europa-Park-Straße|Markus Brenner/);
  });

  it('keeps the imprint’s other legal content', () => {
    const shown = render(IMPRINT, ready(SELLER));
    for (const heading of ['Contact', 'Consumer dispute resolution', 'Liability for content and links', 'Copyright']) {
      expect(shown).toContain(heading);
    }
  });

  it('names the seller as the privacy controller, with the e-mail address', () => {
    const shown = render(PRIVACY_POLICY, ready(SELLER));
    expect(shown).toContain('Example Events GmbH Hafenstraße 12 20457 Hamburg Germany E-mail:');
  });

  it('says when the details are loading or could not be loaded, and never shows other ones', () => {
    const loading = render(IMPRINT, { status: 'loading', data: null, error: null, retry: () => {} });
    expect(loading).toContain('Loading the provider’s details');
    const failed = render(IMPRINT, { status: 'error', data: null, error: new Error('offline'), retry: () => {} });
    expect(failed).toContain('The provider’s details could not be loaded. Try again');
    for (const shown of [loading, failed]) expect(shown).not.toMatch(/GmbH|VAT ID/);
  });

  it('prints the tax number without a VAT ID, and leaves out what is not configured', () => {
    const facts = sellerFacts({ ...SELLER, vatId: '', taxNumber: '12/345/67890', register: '', managingDirectors: ['A', 'B'] });
    expect(facts).toEqual([
      { term: 'imprintManagingDirectorsTerm', text: 'A, B', count: 2 },
      { term: 'imprintTaxNumberTerm', text: '12/345/67890' },
    ]);
  });

  it('names the country in the reader’s language', () => {
    expect(sellerAddressLines(SELLER, 'de')).toEqual(['Example Events GmbH', 'Hafenstraße 12', '20457 Hamburg', 'Deutschland']);
    expect(countryName('AT', 'en')).toBe('Austria');
  });
});
