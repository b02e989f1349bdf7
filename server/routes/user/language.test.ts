import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { countries, passTypes, users } from '../../db/schema/index.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp } from '../../testing/test-app.ts';

/*
 * The account's language (docs/behaviour.md §16): set at sign-up and at the registration account step (the
 * form's choice, else Accept-Language), changed with PUT /api/user/language, answered by
 * GET /api/user/, and used for the account's mails and PDFs; and Accept-Language for the words of
 * anonymous problem details.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ADDRESS_RATE_LIMIT_PER_MINUTE: '100' });
});
afterAll(async () => t?.close());

const STRONG = 'Kangaroo-Tuesday-88!';
let ip = 0;
const nextIp = () => `10.16.0.${++ip}`;

async function latestMail(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [mail] = res.json() as { subject: string; text: string }[];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

const languageOf = async (email: string) =>
  (await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

const signUp = (email: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/sign-up',
    headers,
    remoteAddress: nextIp(),
    payload: { email, password: STRONG, firstName: 'Jörg', lastName: 'Weiß', ...extra },
  });

describe('PUT /api/user/language', () => {
  it('changes the language GET /api/user/ answers, round trip', async () => {
    const auth = await t.login('attendee@demo.cloudfest.example');
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/user/', headers: auth })).json();
    // A seeded account never chose: it says no language, so a sign-in keeps the device's.
    expect((await me()).language).toBeUndefined();

    const res = await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: auth, payload: { language: 'de' } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await me()).language).toBe('de');

    await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: auth, payload: { language: 'en' } });
    expect((await me()).language).toBe('en');
  });

  it('refuses a language the product does not have (400)', async () => {
    const auth = await t.login('vip@demo.cloudfest.example');
    for (const payload of [{ language: 'fr' }, { language: 'DE' }, {}, { language: null }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(await languageOf('vip@demo.cloudfest.example')).toBe('en');
  });

  it('answers 401 to an anonymous caller before looking at the body', async () => {
    for (const payload of [{ language: 'de' }, { language: 'fr' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/language', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toBeUndefined();
    }
  });

  it('is refused by the database too, whatever writes the row', async () => {
    await expect(
      t.database.db
        .update(users)
        .set({ language: 'fr' as 'en' })
        .where(eq(users.email, 'vip@demo.cloudfest.example')),
    ).rejects.toThrow();
  });
});

describe('the language of a new account', () => {
  it("takes the browser's Accept-Language when the form says nothing, and mails in it", async () => {
    const email = 'joerg.weiss@firma.example';
    expect((await signUp(email, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).statusCode).toBe(202);
    expect(await languageOf(email)).toBe('de');
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse für das CloudFest 2026');
    expect(mail.text).toMatch(/^Guten Tag Jörg,\n\nvielen Dank, dass Sie ein Konto für das CloudFest 2026 angelegt haben\./);
  });

  it("takes the form's choice over Accept-Language, and English without either", async () => {
    await signUp('chosen.english@firma.example', { 'accept-language': 'de' }, { language: 'en' });
    expect(await languageOf('chosen.english@firma.example')).toBe('en');
    expect((await latestMail('chosen.english@firma.example')).subject).toBe('Confirm your e-mail address for CloudFest 2026');
    await signUp('no.preference@firma.example');
    expect(await languageOf('no.preference@firma.example')).toBe('en');
    await signUp('chosen.german@firma.example', {}, { language: 'de' });
    expect(await languageOf('chosen.german@firma.example')).toBe('de');
  });

  it('refuses a language the product does not have', async () => {
    const res = await signUp('french@firma.example', {}, { language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(await languageOf('french@firma.example')).toBeUndefined();
  });

  it('is set at the registration account step the same way', async () => {
    const db = t.database.db;
    const [business] = await db.select({ id: passTypes.id }).from(passTypes).where(eq(passTypes.name, 'Business Pass'));
    const [germany] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
    const register = (email: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registration/account',
        headers,
        remoteAddress: nextIp(),
        payload: {
          email,
          password: STRONG,
          firstName: 'Anna',
          lastName: 'Schäfer',
          address: { type: 'billingAddress', addressLine1: 'Hauptstraße 1', zip: '77977', city: 'Rust', countryId: germany?.id },
          passTypeId: business?.id,
          ...extra,
        },
      });
    expect((await register('anna.schaefer@firma.example', { 'accept-language': 'de-AT' })).statusCode).toBe(202);
    expect(await languageOf('anna.schaefer@firma.example')).toBe('de');
    expect((await latestMail('anna.schaefer@firma.example')).text).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse');

    expect((await register('anna.english@firma.example', { 'accept-language': 'de' }, { language: 'en' })).statusCode).toBe(202);
    expect(await languageOf('anna.english@firma.example')).toBe('en');
  });
});

describe("anonymous mails to an existing account use the account's language", () => {
  it('sends the reset link in German to a German account, whatever the request asks', async () => {
    const email = 'attendee001@demo.cloudfest.example';
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.email, email));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/forgot',
      headers: { 'accept-language': 'en-US' },
      remoteAddress: nextIp(),
      payload: { email },
    });
    expect(res.statusCode).toBe(202);
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Ihr Passwort für das CloudFest 2026 zurücksetzen');
    expect(mail.text).toContain('Neues Passwort wählen: http://localhost:3000/sign-in/changepassword/');
  });

  it('tells a German holder in German that someone signed up with the address', async () => {
    const email = 'attendee002@demo.cloudfest.example';
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.email, email));
    await signUp(email, { 'accept-language': 'en' });
    expect((await latestMail(email)).subject).toBe('Sie haben bereits ein Konto für das CloudFest 2026');
  });
});

describe('problem details follow Accept-Language', () => {
  const badSignIn = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers,
      remoteAddress: nextIp(),
      payload: { email: 'nobody@nowhere.example', password: 'wrong-password' },
    });
  const badSignUp = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      headers,
      remoteAddress: nextIp(),
      payload: { email: 'not-an-address', password: 'short', firstName: '', lastName: 'X' },
    });

  it('answers a bad sign-in in German when the request prefers German', async () => {
    const res = await badSignIn({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Nicht angemeldet',
      status: 401,
      detail: 'E-Mail-Adresse oder Passwort ist falsch.',
    });
  });

  it('answers it in English, byte for byte as before, for en-US, other languages or no header', async () => {
    const english =
      '{"type":"about:blank","title":"Unauthorized","status":401,"detail":"The e-mail address or password is wrong."}';
    const asked: Record<string, string>[] = [{ 'accept-language': 'en-US' }, { 'accept-language': 'fr-FR, it;q=0.5' }, {}];
    for (const headers of asked) {
      expect((await badSignIn(headers)).body).toBe(english);
    }
  });

  it('translates a validation error: detail, title and the field messages that are ours', async () => {
    const german = (await badSignUp({ 'accept-language': 'de' })).json();
    expect(german.title).toBe('Ungültige Anfrage');
    expect(german.detail).toBe('Der Inhalt der Anfrage ist ungültig.');
    const messages = Object.fromEntries(german.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toMatchObject({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      password: expect.stringContaining('Ihr Passwort muss mindestens 8 Zeichen lang sein'),
      firstName: 'Pflichtfeld',
    });

    const english = (await badSignUp({ 'accept-language': 'en-GB' })).json();
    expect(english.title).toBe('Bad Request');
    expect(english.detail).toBe('The request body is invalid.');
    const englishMessages = Object.fromEntries(english.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(englishMessages).toMatchObject({
      email: 'Please enter a valid e-mail address.',
      password: MESSAGES.passwordRule,
      firstName: 'Required',
    });
    // Same fields, same order: only the words differ.
    expect(german.errors.map((e: { path: string }) => e.path)).toEqual(english.errors.map((e: { path: string }) => e.path));
  });

  it("words zod's own checks and Fastify's refusals in the request's language", async () => {
    const login = (payload: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', 'accept-language': language, 'x-forwarded-for': nextIp() },
        payload,
      });
    const missing = await login('{"email":"ada@firma.example"}', 'de');
    expect(missing.json().errors).toEqual([{ path: 'password', message: 'Ungültige Eingabe: erwartet wird string' }]);
    const broken = await login('{bad', 'de');
    expect(broken.json()).toMatchObject({ status: 400, detail: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
    expect((await login('{bad', 'en')).json().detail).toBe('The request body is not valid JSON.');
    const empty = await login('', 'de');
    expect(empty.json().detail).toBe('Der Inhalt der Anfrage ist leer, obwohl sein Inhaltstyp JSON angibt.');
  });

  it('translates a signed-out call to a protected route and an unknown API path', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user/', headers: { 'accept-language': 'de' } });
    expect(me.json()).toMatchObject({ title: 'Nicht angemeldet', detail: 'Bitte melden Sie sich an.' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'de' } });
    expect(missing.json()).toMatchObject({
      status: 404,
      title: 'Nicht gefunden',
      detail: 'Keine Route für GET /api/nothing-here.',
    });
    const english = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(english.json()).toMatchObject({ title: 'Not Found', detail: 'No route for GET /api/nothing-here.' });
  });
});

describe("the account's PDFs", () => {
  it('writes the visa letter in German for a German account, nationality included', async () => {
    const email = 'attendee@demo.cloudfest.example';
    const auth = await t.login(email);
    await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: auth, payload: { language: 'de' } });
    const [india] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'IN'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/visa-letter',
      headers: auth,
      payload: {
        fullName: 'Priya Raghunathan',
        passportNumber: 'Z1234567',
        nationalityId: india?.id,
        dateOfBirth: '1990-07-14',
        passportExpiry: '2031-01-31',
        embassyCity: 'Neu-Delhi',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/visa-letter/${created.json().id}/pdf`, headers: auth });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Sehr geehrte Damen und Herren,');
    expect(text).toContain('Staatsangehörigkeit');
    expect(text).toContain('Indien');

    await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: auth, payload: { language: 'en' } });
    const english = await t.app.inject({ method: 'GET', url: `/api/visa-letter/${created.json().id}/pdf`, headers: auth });
    expect(pdfText(english.rawPayload)).toContain('Dear Sir or Madam,');
    expect(pdfText(english.rawPayload)).toContain('India');
  });
});
