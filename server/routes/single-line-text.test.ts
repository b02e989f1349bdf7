import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, passTypes, users } from '../db/schema/index.ts';
import { CATALOGUES } from '../i18n/catalogues.ts';
import { createTestApp } from '../testing/test-app.ts';

const SINGLE_LINE_MESSAGE = CATALOGUES.en.validation.singleLine;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let germany = 0;
let business = 0;

beforeAll(async () => {
  // Many reset mails to one address below: above the per-recipient budget (RECIPIENT_MAIL_LIMIT_PER_HOUR).
  t = await createTestApp({ RECIPIENT_MAIL_LIMIT_PER_HOUR: '50' });
  const [de] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
  germany = de?.id ?? 0;
  const [type] = await t.database.db.select({ id: passTypes.id }).from(passTypes).where(eq(passTypes.name, 'Business Pass'));
  business = type?.id ?? 0;
});
afterAll(async () => t?.close());

const STRONG = 'Kangaroo-Tuesday-88!';
/** What an attacker puts into a name to add a paragraph and a link to a mail sent to someone else. */
const INJECTED = 'Ada\n\nYour account is blocked. Unblock it at https://evil.example/login';

async function mailsTo(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json() as { subject: string; text: string; html?: string }[];
}

function expectSingleLineRefusal(res: { statusCode: number; body: string; json(): unknown }, paths: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  const { errors } = res.json() as { errors: { path: string; message: string }[] };
  for (const path of paths) expect(errors).toContainEqual({ path, message: SINGLE_LINE_MESSAGE });
}

describe('control characters in single-line text', () => {
  it('sign-up refuses a name with line breaks and mails nobody', async () => {
    const email = 'victim.one@company.example';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: { email, password: STRONG, firstName: INJECTED, lastName: 'Tab\there' },
    });
    expectSingleLineRefusal(res, ['firstName', 'lastName']);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('registration refuses control characters in names, company and every address line', async () => {
    const email = 'victim.two@company.example';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registration/account',
      payload: {
        email,
        password: STRONG,
        firstName: 'Ada',
        lastName: 'Berger\r\nBcc: someone@evil.example',
        company: 'Evil\u2028Corp',
        address: {
          type: 'billingAddress',
          company: 'Evil\u0085Corp',
          addressLine1: 'Hauptstraße 1\nhttps://evil.example',
          addressLine2: 'Hof\u0000',
          zip: '77977\t',
          city: 'Rust\u202eevil',
          state: 'B\u000bW',
          countryId: germany,
        },
        passTypeId: business,
      },
    });
    expectSingleLineRefusal(res, [
      'lastName',
      'company',
      'address.company',
      'address.addressLine1',
      'address.addressLine2',
      'address.city',
      'address.state',
    ]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('profile, address, guest and visa letter updates refuse control characters too', async () => {
    const headers = await t.login('attendee@demo.cloudfest.example');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/',
      headers,
      payload: { firstName: INJECTED, company: 'A\nB' },
    });
    expectSingleLineRefusal(patch, ['firstName', 'company']);

    const address = await t.app.inject({
      method: 'PATCH',
      url: '/api/address/',
      headers,
      payload: {
        type: 'billingAddress',
        addressLine1: 'Street 1',
        zip: '1',
        city: 'Rust\nhttps://evil.example',
        countryId: germany,
      },
    });
    expectSingleLineRefusal(address, ['city']);

    const visa = await t.app.inject({
      method: 'POST',
      url: '/api/visa-letter',
      headers,
      payload: {
        fullName: 'Ada\nBerger',
        passportNumber: 'C01X00T47',
        nationalityId: germany,
        dateOfBirth: '1990-01-01',
        passportExpiry: '2030-01-01',
        embassyCity: 'Berlin\t',
      },
    });
    expectSingleLineRefusal(visa, ['fullName']);

    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/booking/guest',
      headers,
      payload: {
        accommodationId: 1,
        roomId: 1,
        bookingId: '00000000-0000-4000-8000-000000000000',
        guest: { firstName: 'Eve\r', lastName: 'Guest\nhttps://evil.example' },
      },
    });
    expectSingleLineRefusal(guest, ['guest.lastName']);
    // Unchanged.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/', headers });
    expect(me.json().firstName).not.toContain('\n');
  });

  it('a mail never carries a stored name that would add lines or a link', async () => {
    // Data written before the rule (or by a future path that forgets it) must not reach the mail raw.
    const email = 'legacy.name@company.example';
    await t.database.db
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: INJECTED, lastName: 'Berger', emailConfirmedAt: new Date() });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email } });
    expect(forgot.statusCode).toBe(202);
    const [mail] = await mailsTo(email);
    if (!mail) throw new Error('no reset mail');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html ?? '').not.toContain('evil.example');
    expect(mail.text).not.toContain('blocked');
    expect(mail.text.split('\n')[0]).toBe('Hello,');

    // An ordinary name, also from other scripts, still greets the person.
    for (const firstName of ['Zoë', "D'Arcy", 'Jean-Luc', 'Åsa M.', 'Ngọc', 'Μαρία', '美咲']) {
      await t.database.db.update(users).set({ firstName }).where(eq(users.email, email));
      await t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email } });
      const [latest] = await mailsTo(email);
      expect(latest?.text.split('\n')[0]).toBe(`Hello ${firstName},`);
    }
  });
});
