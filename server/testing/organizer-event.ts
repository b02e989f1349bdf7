import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type OrderLine, totalsOf } from '#shared/pricing.ts';
import type { Db } from '../db/client.ts';
import { checkinLists, checkins, invoices, orders, passes, users } from '../db/schema/index.ts';
import { demoEmail } from '../db/seed/demo-accounts.ts';

/** Test rows for the organizer's dashboard, check-in lists and exports. */

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function passIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: passes.id })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no pass of ${email}`);
  return row.id;
}

export async function listIdOf(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: checkinLists.id }).from(checkinLists).where(eq(checkinLists.name, name));
  if (!row) throw new Error(`no list ${name}`);
  return row.id;
}

/** A check-in stored as the upload would store it (the staff demo user, a random barcode id). */
export async function addCheckin(
  db: Db,
  values: { listId: number; passId: string; scannedAt: string; deviceId?: string; duplicateOf?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db.insert(checkins).values({
    id,
    listId: values.listId,
    passId: values.passId,
    barcodeId: randomUUID(),
    staffUserId: await userIdOf(db, demoEmail('staff')),
    deviceId: values.deviceId ?? 'device-a',
    scannedAt: new Date(values.scannedAt),
    duplicateOf: values.duplicateOf ?? null,
  });
  return id;
}

let nextSequence = 900;

/**
 * A paid order with its invoice (and optionally the credit note cancelling it): amounts in cents.
 * By default one hotel line of `net` at `vatBasisPoints`; `lines` gives the lines instead (net, VAT
 * and gross are then totalsOf them). `reverseCharge` makes an invoice as issued before migration 0020:
 * its lines in category AE, without VAT.
 */
export async function addInvoice(
  db: Db,
  email: string,
  {
    net: givenNet = 0,
    vatBasisPoints = 1900,
    reverseCharge = false,
    lines: givenLines,
    creditNote = false,
    vatId = '',
    vatConfirmation,
    issuedAt = '2026-02-10T10:00:00Z',
  }: {
    net?: number;
    vatBasisPoints?: number;
    reverseCharge?: boolean;
    lines?: OrderLine[];
    creditNote?: boolean;
    vatId?: string;
    /** VIES's confirmation printed on a reverse-charge invoice. */
    vatConfirmation?: { confirmedAt: string; reference: string | null };
    issuedAt?: string;
  },
) {
  const userId = await userIdOf(db, email);
  const lines: OrderLine[] = givenLines ?? [
    {
      kind: 'hotel',
      description: 'Hotel room',
      quantity: 1,
      unitPrice: givenNet,
      net: givenNet,
      vatCategory: reverseCharge ? 'AE' : 'S',
      // As the migration annotates old reverse-charge lines: category AE at 0 %.
      vatBasisPoints: reverseCharge ? 0 : vatBasisPoints,
    },
  ];
  const { net, vat, gross } = totalsOf(lines);
  const [order] = await db
    .insert(orders)
    .values({ userId, kind: 'hotel', status: 'paid', lines, net, vat, gross })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  const buyer = {
    name: 'Ada Lovelace',
    company: '=cmd|Acme, "Ltd"',
    address: ['1 Main St', '10115 Berlin', 'Germany'],
    vatId,
    email,
    ...(vatConfirmation ? { vatConfirmation } : {}),
  };
  const number = (sequence: number) => `CF-2026-${String(sequence).padStart(6, '0')}`;
  const sequence = nextSequence++;
  const [invoice] = await db
    .insert(invoices)
    .values({
      userId,
      orderId: order.id,
      year: 2026,
      sequence,
      number: number(sequence),
      buyer,
      lines,
      net,
      vat,
      gross,
      issuedAt: new Date(issuedAt),
    })
    .returning({ id: invoices.id, number: invoices.number });
  if (!invoice) throw new Error('no invoice');
  let credit: { id: string; number: string } | undefined;
  if (creditNote) {
    const creditSequence = nextSequence++;
    const credited = totalsOf(lines.map((line) => ({ ...line, unitPrice: -line.unitPrice, net: -line.net })));
    [credit] = await db
      .insert(invoices)
      .values({
        userId,
        orderId: order.id,
        kind: 'credit-note',
        correctsInvoiceId: invoice.id,
        correction: 'cancellation',
        year: 2026,
        sequence: creditSequence,
        number: number(creditSequence),
        buyer,
        lines: credited.lines,
        net: credited.net,
        vat: credited.vat,
        gross: credited.gross,
        issuedAt: new Date(Date.parse(issuedAt) + 86_400_000),
      })
      .returning({ id: invoices.id, number: invoices.number });
  }
  return { orderId: order.id, invoice, credit, net, vat, gross };
}

/** A minimal RFC 4180 reader for the tests: BOM checked and removed, quoted cells unquoted; `;` for German Excel's files. */
export function parseCsv(text: string, separator: ',' | ';' = ','): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

/** The rows as objects by header name. */
export function csvRecords(text: string, separator: ',' | ';' = ','): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text, separator);
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
