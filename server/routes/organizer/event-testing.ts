import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { checkinLists, checkins, invoices, orders, passes, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';

/** Test rows for the organizer's dashboard, check-in lists and exports (issue 14). */

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

/** A paid order with its invoice (and optionally the credit note cancelling it): amounts in cents. */
export async function addInvoice(
  db: Db,
  email: string,
  {
    net,
    vatBasisPoints = 1900,
    reverseCharge = false,
    creditNote = false,
    vatId = '',
    vatConfirmation,
    issuedAt = '2026-02-10T10:00:00Z',
  }: {
    net: number;
    vatBasisPoints?: number;
    reverseCharge?: boolean;
    creditNote?: boolean;
    vatId?: string;
    /** VIES's confirmation printed on a reverse-charge invoice. */
    vatConfirmation?: { confirmedAt: string; reference: string | null };
    issuedAt?: string;
  },
) {
  const userId = await userIdOf(db, email);
  const vat = reverseCharge ? 0 : Math.round((net * vatBasisPoints) / 10_000);
  const gross = net + vat;
  const line = { kind: 'hotel' as const, description: 'Hotel room', quantity: 1, unitPrice: net, net };
  const [order] = await db
    .insert(orders)
    .values({ userId, kind: 'hotel', status: 'paid', lines: [line], net, vatBasisPoints, vat, gross, reverseCharge })
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
      lines: [line],
      net,
      vatBasisPoints,
      vat,
      gross,
      reverseCharge,
      issuedAt: new Date(issuedAt),
    })
    .returning({ id: invoices.id, number: invoices.number });
  if (!invoice) throw new Error('no invoice');
  let credit: { id: string; number: string } | undefined;
  if (creditNote) {
    const creditSequence = nextSequence++;
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
        lines: [{ ...line, unitPrice: -net, net: -net }],
        net: -net,
        vatBasisPoints,
        vat: -vat,
        gross: -gross,
        reverseCharge,
        issuedAt: new Date(Date.parse(issuedAt) + 86_400_000),
      })
      .returning({ id: invoices.id, number: invoices.number });
  }
  return { orderId: order.id, invoice, credit, net, vat, gross };
}

/** A minimal RFC 4180 reader for the tests: BOM checked and removed, quoted cells unquoted. */
export function parseCsv(text: string): string[][] {
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
    else if (char === ',') {
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
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
