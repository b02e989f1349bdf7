import { createContext, type ReactNode, useContext } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { usePublicDataRefresh } from '../../lib/public-data-updates.ts';
import { type RequestState, useRequest } from '../../lib/use-request.ts';
import { type Seller, sellerSchema } from '../../shared/contracts/seller.ts';
import type { InfoKey } from './content/types.ts';

/**
 * The imprint's provider is the seller of the invoices (one set of details everywhere):
 * the server's configuration, read from GET /api/seller, never written into the app. The service
 * worker keeps the answer with the other public data (sw/rules.ts), so the imprint reads offline
 * too once the device has been online.
 */

export type SellerRequest = RequestState<Seller> & { retry: () => void };

const NOT_PROVIDED: SellerRequest = { status: 'loading', data: null, error: null, retry: () => {} };

/** The seller as the information page loaded it once for all its blocks. */
export const SellerContext = createContext<SellerRequest>(NOT_PROVIDED);

/** GET /api/seller for the page; read again when the worker's revalidation brought a change. */
export function useSellerRequest(): SellerRequest {
  const seller = useRequest((signal) => api('/api/seller', sellerSchema, { signal }), []);
  usePublicDataRefresh('/api/seller', seller.retry);
  return seller;
}

/** A country code in the reader's language: 'DE' → 'Germany', 'Deutschland'. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALES[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The seller's postal address, one line each, the country named in the reader's language. */
export function sellerAddressLines(seller: Seller, language: Language): string[] {
  return [seller.name, seller.street, `${seller.postcode} ${seller.city}`, countryName(seller.countryCode, language)];
}

/**
 * The imprint's facts of the seller (§ 5 DDG): managing directors, register and the VAT ID, or the
 * tax number where there is none; what is not configured is left out.
 */
export function sellerFacts(seller: Seller): { term: InfoKey; text: string; count?: number }[] {
  const facts: { term: InfoKey; text: string; count?: number }[] = [];
  if (seller.managingDirectors.length > 0) {
    facts.push({
      term: 'imprintManagingDirectorsTerm',
      text: seller.managingDirectors.join(', '),
      count: seller.managingDirectors.length,
    });
  }
  if (seller.register) facts.push({ term: 'imprintRegisterTerm', text: seller.register });
  if (seller.vatId) facts.push({ term: 'imprintVatIdTerm', text: seller.vatId });
  else if (seller.taxNumber) facts.push({ term: 'imprintTaxNumberTerm', text: seller.taxNumber });
  return facts;
}

/** While loading or after a failed load: what the provider's block says instead. */
function SellerStatus({ seller }: { seller: SellerRequest }) {
  const t = useT('information');
  if (seller.status === 'loading') return <p className="information-seller-status">{t('imprintSellerLoading')}</p>;
  return (
    <Notice tone="warning">
      {t('imprintSellerFailed')}{' '}
      <button type="button" className="btn btn-ghost btn-sm" onClick={seller.retry}>
        {t('imprintSellerRetry')}
      </button>
    </Notice>
  );
}

/**
 * The seller's address between `before` lines (a person at that address) and `after` lines (an
 * e-mail address). Without `before` lines the block names the seller itself: it says so while the
 * details load or when they could not be.
 */
export function SellerAddress({ before, after }: { before: readonly ReactNode[]; after: readonly ReactNode[] }) {
  const seller = useContext(SellerContext);
  const language = useLanguage();
  const address = seller.status === 'ready' ? sellerAddressLines(seller.data, language) : [];
  const lines = [...before, ...address, ...after];
  return (
    <>
      {seller.status !== 'ready' && before.length === 0 ? <SellerStatus seller={seller} /> : null}
      {lines.length > 0 ? (
        <address className="information-address">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static lines, never reordered (a name may repeat).
            <span key={index} className="information-address__line">
              {line}
            </span>
          ))}
        </address>
      ) : null}
    </>
  );
}

/** The seller's managing directors, register and VAT ID; nothing until they are loaded. */
export function SellerFacts() {
  const seller = useContext(SellerContext);
  const t = useT('information');
  if (seller.status !== 'ready') return null;
  return (
    <dl className="information-facts">
      {sellerFacts(seller.data).map((fact) => (
        <div key={fact.term} className="information-facts__row">
          <dt className="information-facts__term">{t(fact.term, { count: fact.count ?? 1 })}</dt>
          <dd className="information-facts__text">{fact.text}</dd>
        </div>
      ))}
    </dl>
  );
}
