import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convert } from 'xmlbuilder2';
import { vatOf } from '#shared/pricing.ts';
import { ROOT } from '../paths.ts';

/**
 * EN 16931 checks of our CII XML for the tests: the facts read back from the XML (BT values, amounts
 * in cents), the rules the amounts must keep (our own code, so they run on a fresh clone), and the
 * official validator (../shared/tools/en16931-validate) when it and its Java are there.
 * xmlbuilder2 is the XML library @e-invoice-eu/core itself builds the XML with.
 */

type Node = { [key: string]: Node | Node[] | string };

export interface CiiLine {
  id: string;
  name: string;
  quantity: number;
  unitCode: string;
  /** Net unit price (BT-146) and line net (BT-131), in cents. */
  price: number;
  net: number;
  category: string;
  rate: number;
}
export interface CiiTax {
  category: string;
  rate: number;
  /** BT-116, BT-117 in cents. */
  basis: number;
  tax: number;
  exemptionReason: string;
}
export interface CiiFacts {
  guideline: string;
  typeCode: string;
  number: string;
  issueDate: string;
  /** BT-25, BT-26 (credit notes). */
  preceding: { number: string; date: string } | null;
  seller: { name: string; vatId: string; taxNumber: string; countryCode: string };
  buyer: { name: string; vatId: string; countryCode: string; city: string; reference: string; purchaseOrder: string };
  period: { from: string; to: string } | null;
  currency: string;
  lines: CiiLine[];
  taxes: CiiTax[];
  /** BT-106, BT-109, BT-110, BT-112, BT-113, BT-115 in cents. */
  totals: { lineTotal: number; taxBasis: number; taxTotal: number; grandTotal: number; prepaid: number; due: number };
}

const list = (value: Node | Node[] | string | undefined): Node[] =>
  value === undefined ? [] : Array.isArray(value) ? value : typeof value === 'string' ? [{ '#': value }] : [value];
/** The node at a path of element names (first of each); undefined when missing. */
function at(node: Node | undefined, ...path: string[]): Node | undefined {
  let current: Node | undefined = node;
  for (const name of path) current = list(current?.[name])[0];
  return current;
}
/** The text at a path ('' when missing). */
function text(node: Node | undefined, ...path: string[]): string {
  const found = path.length ? (node ? list(node[path[0] as string]) : []) : node ? [node] : [];
  const target = path.length > 1 ? at(found[0], ...path.slice(1)) : found[0];
  if (target === undefined) return '';
  return typeof target === 'string' ? target : String(target['#'] ?? '');
}
const cents = (value: string) => (value === '' ? Number.NaN : Math.round(Number(value) * 100));
const day = (value: string) => (value ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : '');

/** The facts of a CII invoice, read back from its XML. */
export function readCii(xml: string): CiiFacts {
  const root = at(convert(xml, { format: 'object' }) as Node, 'rsm:CrossIndustryInvoice');
  const transaction = at(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = at(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const registrations = (party: Node | undefined) => list(party?.['ram:SpecifiedTaxRegistration']).map((r) => at(r, 'ram:ID'));
  const registration = (party: Node | undefined, scheme: string) =>
    text(registrations(party).find((id) => id?.['@schemeID'] === scheme));
  const seller = at(agreement, 'ram:SellerTradeParty');
  const buyer = at(agreement, 'ram:BuyerTradeParty');
  const period = at(settlement, 'ram:BillingSpecifiedPeriod');
  const preceding = at(settlement, 'ram:InvoiceReferencedDocument');
  return {
    guideline: text(root, 'rsm:ExchangedDocumentContext', 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID'),
    typeCode: text(root, 'rsm:ExchangedDocument', 'ram:TypeCode'),
    number: text(root, 'rsm:ExchangedDocument', 'ram:ID'),
    issueDate: day(text(root, 'rsm:ExchangedDocument', 'ram:IssueDateTime', 'udt:DateTimeString')),
    preceding: preceding
      ? {
          number: text(preceding, 'ram:IssuerAssignedID'),
          date: day(text(preceding, 'ram:FormattedIssueDateTime', 'qdt:DateTimeString')),
        }
      : null,
    seller: {
      name: text(seller, 'ram:Name'),
      vatId: registration(seller, 'VA'),
      taxNumber: registration(seller, 'FC'),
      countryCode: text(seller, 'ram:PostalTradeAddress', 'ram:CountryID'),
    },
    buyer: {
      name: text(buyer, 'ram:Name'),
      vatId: registration(buyer, 'VA'),
      countryCode: text(buyer, 'ram:PostalTradeAddress', 'ram:CountryID'),
      city: text(buyer, 'ram:PostalTradeAddress', 'ram:CityName'),
      reference: text(agreement, 'ram:BuyerReference'),
      purchaseOrder: text(agreement, 'ram:BuyerOrderReferencedDocument', 'ram:IssuerAssignedID'),
    },
    period: period
      ? {
          from: day(text(period, 'ram:StartDateTime', 'udt:DateTimeString')),
          to: day(text(period, 'ram:EndDateTime', 'udt:DateTimeString')),
        }
      : null,
    currency: text(settlement, 'ram:InvoiceCurrencyCode'),
    lines: list(transaction?.['ram:IncludedSupplyChainTradeLineItem']).map((item) => {
      const quantity = at(item, 'ram:SpecifiedLineTradeDelivery', 'ram:BilledQuantity');
      const tax = at(item, 'ram:SpecifiedLineTradeSettlement', 'ram:ApplicableTradeTax');
      return {
        id: text(item, 'ram:AssociatedDocumentLineDocument', 'ram:LineID'),
        name: text(item, 'ram:SpecifiedTradeProduct', 'ram:Name'),
        quantity: Number(text(quantity)),
        unitCode: String(quantity?.['@unitCode'] ?? ''),
        price: cents(text(item, 'ram:SpecifiedLineTradeAgreement', 'ram:NetPriceProductTradePrice', 'ram:ChargeAmount')),
        net: cents(
          text(
            item,
            'ram:SpecifiedLineTradeSettlement',
            'ram:SpecifiedTradeSettlementLineMonetarySummation',
            'ram:LineTotalAmount',
          ),
        ),
        category: text(tax, 'ram:CategoryCode'),
        rate: Number(text(tax, 'ram:RateApplicablePercent') || 'NaN'),
      };
    }),
    taxes: list(settlement?.['ram:ApplicableTradeTax']).map((tax) => ({
      category: text(tax, 'ram:CategoryCode'),
      rate: Number(text(tax, 'ram:RateApplicablePercent') || 'NaN'),
      basis: cents(text(tax, 'ram:BasisAmount')),
      tax: cents(text(tax, 'ram:CalculatedAmount')),
      exemptionReason: text(tax, 'ram:ExemptionReason'),
    })),
    totals: {
      lineTotal: cents(text(sums, 'ram:LineTotalAmount')),
      taxBasis: cents(text(sums, 'ram:TaxBasisTotalAmount')),
      taxTotal: cents(text(sums, 'ram:TaxTotalAmount')),
      grandTotal: cents(text(sums, 'ram:GrandTotalAmount')),
      prepaid: cents(text(sums, 'ram:TotalPrepaidAmount') || '0'),
      due: cents(text(sums, 'ram:DuePayableAmount')),
    },
  };
}

/**
 * The rules our invoices keep, by our own code: structure (profile, type, BT-25 on a credit note,
 * seller tax ID, buyer country) and amounts (line net = quantity × price, BR-CO-10, per-rate basis and
 * VAT rounded once, BR-CO-14, -15, -16, reverse charge as BR-AE wants it). Empty when all hold.
 */
export function checkCii(facts: CiiFacts): string[] {
  const problems: string[] = [];
  const expect = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(facts.guideline === 'urn:cen.eu:en16931:2017', `BT-24 is ${facts.guideline}`);
  expect(['380', '381'].includes(facts.typeCode), `BT-3 is ${facts.typeCode}`);
  expect(facts.typeCode !== '381' || Boolean(facts.preceding?.number && facts.preceding.date), 'credit note without BT-25/BT-26');
  expect(facts.currency === 'EUR', `BT-5 is ${facts.currency}`);
  expect(
    Boolean(facts.seller.name && (facts.seller.vatId || facts.seller.taxNumber)),
    'seller without name and VAT ID or tax number',
  );
  expect(/^[A-Z]{2}$/.test(facts.buyer.countryCode) && Boolean(facts.buyer.name), 'buyer without name or country');
  expect(facts.lines.length > 0, 'no lines');
  for (const line of facts.lines) {
    // The unit price is rounded to the cent: half a cent per unit either way.
    expect(
      Math.abs(line.quantity * line.price - line.net) <= line.quantity / 2,
      `line ${line.id}: ${line.quantity} × ${line.price} ≠ ${line.net}`,
    );
    expect(line.price >= 0 && line.quantity > 0, `line ${line.id}: negative price or quantity`);
    expect(['C62', 'DAY'].includes(line.unitCode), `line ${line.id}: unit ${line.unitCode}`);
    expect(
      facts.taxes.some((tax) => tax.category === line.category && tax.rate === line.rate),
      `line ${line.id}: no VAT breakdown for ${line.category} ${line.rate} %`,
    );
  }
  expect(sum(facts.lines.map((line) => line.net)) === facts.totals.lineTotal, 'BR-CO-10: lines do not add up to BT-106');
  expect(facts.totals.taxBasis === facts.totals.lineTotal, 'BT-109 ≠ BT-106 without allowances or charges');
  for (const tax of facts.taxes) {
    const lines = facts.lines.filter((line) => line.category === tax.category && line.rate === tax.rate);
    expect(tax.basis === sum(lines.map((line) => line.net)), `${tax.category} ${tax.rate} %: BT-116 ≠ sum of its lines`);
    if (tax.category === 'AE') {
      expect(tax.rate === 0 && tax.tax === 0, 'AE: rate and VAT must be 0');
      expect(Boolean(tax.exemptionReason), 'AE: no exemption reason');
      expect(Boolean(facts.buyer.vatId && facts.seller.vatId), 'AE: needs the seller’s and the buyer’s VAT ID');
    } else {
      expect(tax.category === 'S' && tax.rate > 0, `${tax.category} ${tax.rate} %: only S with a rate is sold`);
      expect(
        tax.tax === vatOf(tax.basis, Math.round(tax.rate * 100)),
        `${tax.category} ${tax.rate} %: BT-117 ≠ rounded rate × BT-116`,
      );
    }
  }
  expect(facts.totals.taxTotal === sum(facts.taxes.map((tax) => tax.tax)), 'BR-CO-14: VAT rows do not add up to BT-110');
  expect(facts.totals.grandTotal === facts.totals.taxBasis + facts.totals.taxTotal, 'BR-CO-15: BT-112 ≠ BT-109 + BT-110');
  expect(facts.totals.due === facts.totals.grandTotal - facts.totals.prepaid, 'BR-CO-16: BT-115 ≠ BT-112 − BT-113');
  return problems;
}

/** Where the tests leave every XML they produce, for CI to validate them all in one call. */
export const E_INVOICE_DIR = join(ROOT, 'test-output', 'e-invoices');

export function writeTestXml(name: string, xml: string): string {
  mkdirSync(E_INVOICE_DIR, { recursive: true });
  const file = join(E_INVOICE_DIR, `${name}.xml`);
  writeFileSync(file, xml);
  return file;
}

const VALIDATOR = resolve(ROOT, '..', 'shared', 'tools', 'en16931-validate');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/**
 * The official EN 16931 CII rules (schema and schematron) over files, in one call: 'skipped' on a
 * fresh clone without ../shared or without Java and xmllint.
 */
export function officialValidation(files: string[]): { status: 'valid' | 'invalid' | 'skipped'; output: string } {
  if (!existsSync(VALIDATOR) || !has('java') || !has('xmllint'))
    return { status: 'skipped', output: 'validator, java or xmllint missing' };
  const run = spawnSync(VALIDATOR, files, { encoding: 'utf8', timeout: 600_000 });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status === 2) return { status: 'skipped', output };
  return { status: run.status === 0 ? 'valid' : 'invalid', output };
}
