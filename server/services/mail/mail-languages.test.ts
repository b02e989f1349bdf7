import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../i18n/catalogues.ts';
import { confirmationMail, existingAccountMail, freePassGoneMail, passwordResetMail } from '../accounts/account-mails.ts';
import { passwordChangedMail } from '../accounts/password-mail.ts';
import { teamInvitationMail } from '../leads/lead-team-invitations.ts';
import type { CompletedOrder } from '../orders/completed-order.ts';
import { orderConfirmationMail } from '../orders/order-mail.ts';
import { passApprovedMail, passCancelledMail, passRejectedMail } from '../passes/pass-mails.ts';
import { invitationMail, roleGrantedMail } from '../staff/staff-team.ts';
import type { Mail } from './mail.ts';

/*
 * Every mail the server sends to people, in both languages: English as it always was
 * (the route tests hold its exact words), German as a German product writes it (Sie-form), with
 * German amounts and dates. Each mail is checked in its subject, its text and its HTML part.
 */

const BASE = 'https://cloudfest.example';

/** Mails are built from one layout: the HTML names the language and repeats the text's words. */
function expectLanguage(mail: Mail, language: 'en' | 'de') {
  expect(mail.html).toContain(`<html lang="${language}">`);
  expect(mail.text.endsWith('\n')).toBe(true);
}

const paidOrder = (language: 'en' | 'de', overrides: Partial<CompletedOrder> = {}): CompletedOrder =>
  ({
    order: {
      id: 'order-1',
      kind: 'registration',
      status: 'paid',
      lines: [
        {
          kind: 'pass',
          description: 'Business Pass',
          quantity: 1,
          unitPrice: 29_900,
          net: 29_900,
          vatCategory: 'S',
          vatBasisPoints: 1900,
        },
        {
          kind: 'hotel',
          description: 'Hotel Colosseo, Single, 2026-03-23 to 2026-03-27 (4 nights)',
          quantity: 4,
          unitPrice: 17_900,
          net: 71_600,
          vatCategory: 'S',
          vatBasisPoints: 700,
        },
      ],
      net: 101_500,
      vat: 10_693,
      gross: 112_193,
    },
    user: { email: 'ada@example.com', firstName: 'Ada', language },
    pass: { name: 'Business Pass', status: 'approved' },
    hotel: { name: 'Hotel Colosseo', roomName: 'Single', start: '2026-03-23', end: '2026-03-27' },
    upgrade: null,
    trainTicket: null,
    invoice: { number: 'CF-2026-000042' },
    ...overrides,
  }) as CompletedOrder;

describe('account mails', () => {
  it('asks to confirm the address (sign-up), in English and in German', () => {
    const en = confirmationMail('ada@example.com', 'Ada', `${BASE}/c`, 'en');
    expect(en.subject).toBe('Confirm your e-mail address for CloudFest 2026');
    expect(en.text).toContain('The link is valid for 48 hours.');
    expectLanguage(en, 'en');

    const de = confirmationMail('ada@example.com', 'Ada', `${BASE}/c`, 'de', { freePassHeld: true });
    expect(de.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse für das CloudFest 2026');
    expect(de.text).toMatch(/^Guten Tag Ada,\n\nvielen Dank, dass Sie ein Konto/);
    expect(de.text).toContain('Ihr kostenloser Standard Pass ist eine Stunde lang für Sie reserviert');
    expect(de.text).toContain('Der Link ist 48 Stunden gültig.');
    expect(de.text).toContain(`E-Mail-Adresse bestätigen: ${BASE}/c\n`);
    expect(de.html).toContain('>E-Mail-Adresse bestätigen</a>');
    expectLanguage(de, 'de');
  });

  it('sends the reset link', () => {
    expect(passwordResetMail('a@b.example', 'Ada', `${BASE}/r`, 'en').subject).toBe('Reset your CloudFest 2026 password');
    const de = passwordResetMail('a@b.example', 'Ada', `${BASE}/r`, 'de');
    expect(de.subject).toBe('Ihr Passwort für das CloudFest 2026 zurücksetzen');
    expect(de.text).toContain('Der Link ist eine Stunde lang gültig und kann einmal verwendet werden.');
    expect(de.text).toContain(`Neues Passwort wählen: ${BASE}/r`);
    expectLanguage(de, 'de');
  });

  it('tells the holder of an existing account, greeting without a name that is not plainly one', () => {
    expect(existingAccountMail('a@b.example', 'Ada', BASE, 'en').subject).toBe('You already have a CloudFest 2026 account');
    const de = existingAccountMail('a@b.example', 'http://evil.example', BASE, 'de');
    expect(de.subject).toBe('Sie haben bereits ein Konto für das CloudFest 2026');
    expect(de.text).toMatch(/^Guten Tag,\n/);
    expect(de.text).not.toContain('evil');
    expect(de.text).toContain(`Anmelden: ${BASE}/sign-in\nPasswort vergessen? ${BASE}/sign-in/forgotpassword\n`);
  });

  it('says when a held free pass was lost', () => {
    expect(freePassGoneMail('a@b.example', 'Ada', BASE, 'en').subject).toBe('Your free CloudFest 2026 pass could not be kept');
    const de = freePassGoneMail('a@b.example', 'Ada', BASE, 'de');
    expect(de.subject).toBe('Ihr kostenloser Pass für das CloudFest 2026 konnte nicht gehalten werden');
    expect(de.text).toContain('inzwischen sind alle kostenlosen Pässe vergeben');
  });

  it('notes a password change in venue time, and says it is Berlin time', () => {
    const at = new Date('2026-07-01T08:05:00Z');
    const en = passwordChangedMail('a@b.example', 'Ada', at, `${BASE}/f`, 'en');
    expect(en.subject).toBe('Your CloudFest password was changed');
    expect(en.text).toContain('was changed on 1 July 2026 at 10:05 (Berlin time)');
    const de = passwordChangedMail('a@b.example', 'Ada', at, `${BASE}/f`, 'de');
    expect(de.subject).toBe('Ihr CloudFest-Passwort wurde geändert');
    expect(de.text).toContain('wurde am 1. Juli 2026 um 10:05 (Berliner Zeit) geändert. Alle anderen Geräte wurden abgemeldet.');
    expect(de.text).toContain(`Passwort zurücksetzen: ${BASE}/f`);
  });
});

describe('pass mails', () => {
  it('announces the approval', () => {
    expect(passApprovedMail('a@b.example', 'Ada', 'Business Pass', `${BASE}/sign-in`, 'en').subject).toBe(
      'Your CloudFest 2026 pass is approved',
    );
    const de = passApprovedMail('a@b.example', 'Jörg', 'Business Pass', `${BASE}/sign-in`, 'de');
    expect(de.subject).toBe('Ihr Pass für das CloudFest 2026 ist freigegeben');
    expect(de.text).toContain(
      'Guten Tag Jörg,\n\ngute Nachrichten: Ihr Business Pass für das CloudFest 2026 im Europa-Park wurde freigegeben.',
    );
    expect(de.html).toContain('>Anmelden</a>');
  });

  it('declines a request', () => {
    expect(passRejectedMail('a@b.example', 'Ada', 'Business Pass', 'en').subject).toBe('Your CloudFest 2026 pass request');
    const de = passRejectedMail('a@b.example', 'Ada', 'Business Pass', 'de');
    expect(de.subject).toBe('Ihre Pass-Anfrage für das CloudFest 2026');
    expect(de.text).toContain('Wir haben Ihre Anfrage für einen Business Pass geprüft und können sie leider nicht freigeben.');
  });

  it('cancels a pass with the refund in each language’s money format', () => {
    const en = passCancelledMail('a@b.example', 'Ada', 'Business Pass', 123_456, 'en');
    expect(en.subject).toBe('Your CloudFest 2026 pass has been cancelled');
    expect(en.text).toContain('We have refunded EUR 1,234.56 to the payment method you used');
    const de = passCancelledMail('a@b.example', 'Ada', 'Business Pass', 123_456, 'de');
    expect(de.subject).toBe('Ihr Pass für das CloudFest 2026 wurde storniert');
    expect(de.text).toContain('Wir haben 1.234,56 € auf das von Ihnen verwendete Zahlungsmittel erstattet');
    expect(de.text).toContain('die Rechnungskorrektur finden Sie in Ihrem Konto unter Rechnungen');
    expect(passCancelledMail('a@b.example', 'Ada', 'Business Pass', 0, 'de').text).not.toContain('erstattet');
  });
});

describe('team mails', () => {
  it('invites to the team with the role and the link’s days in words of the language', () => {
    expect(invitationMail('a@b.example', 'staff', `${BASE}/i`, 'en').text).toContain(
      "invited you to the event's team as staff (pass checks at the entrances). ",
    );
    const de = invitationMail('a@b.example', 'organizer', `${BASE}/i`, 'de');
    expect(de.subject).toBe('Einladung ins Team des CloudFest 2026');
    expect(de.text).toContain('als Organisator bzw. Organisatorin ins Team der Veranstaltung eingeladen');
    expect(de.text).toContain('Der Link ist 7 Tage gültig');
  });

  it('invites to an exhibitor team, by its owner or by an organizer', () => {
    const en = teamInvitationMail('a@b.example', { team: 'Acme', inviter: 'Ada Lovelace', firstName: '' }, `${BASE}/c`, 'en');
    expect(en.subject).toBe('Invitation to the exhibitor team "Acme"');
    expect(en.text).toContain('Ada Lovelace has invited you to the exhibitor team "Acme" at CloudFest 2026.');
    expectLanguage(en, 'en');
    const de = teamInvitationMail('a@b.example', { team: 'Acme', inviter: null, firstName: 'Ada' }, `${BASE}/c`, 'de');
    expect(de.subject).toBe('Einladung in das Ausstellerteam „Acme“');
    expect(de.text).toContain('das Organisationsteam des CloudFest 2026 hat Sie in das Ausstellerteam „Acme“ eingeladen');
    expectLanguage(de, 'de');
  });

  it('tells an account of its new role', () => {
    expect(roleGrantedMail('a@b.example', 'Ada', 'organizer', `${BASE}/sign-in`, 'en').subject).toBe(
      'Your CloudFest 2026 account has a new role',
    );
    const de = roleGrantedMail('a@b.example', 'Ada', 'staff', `${BASE}/sign-in`, 'de');
    expect(de.subject).toBe('Ihr Konto für das CloudFest 2026 hat eine neue Rolle');
    expect(de.text).toContain('die Rolle „Einlasspersonal“ gegeben');
  });
});

describe('order confirmations', () => {
  it('keep the English wording and amounts', () => {
    const en = orderConfirmationMail(paidOrder('en'), BASE);
    expect(en.subject).toBe('Your CloudFest 2026 registration, invoice CF-2026-000042');
    expect(en.text).toContain('- Hotel Colosseo, Single, 2026-03-23 to 2026-03-27 (4 nights) (4 × 179.00 €): 716.00 €');
    // One VAT line per rate (tax rules): the pass at 19 %, the nights at 7 %.
    expect(en.text).toContain('Net: 1,015.00 €\nVAT 19 %: 56.81 €\nVAT 7 %: 50.12 €\nTotal: 1,121.93 €\n');
  });

  it('confirm a registration in German with German amounts, dates and the hotel line in German', () => {
    const de = orderConfirmationMail(paidOrder('de'), BASE);
    expect(de.subject).toBe('Ihre Registrierung für das CloudFest 2026, Rechnung CF-2026-000042');
    expect(de.text).toContain(
      'vielen Dank für Ihre Registrierung zum CloudFest 2026 im Europa-Park. Ihre Zahlung ist bei uns eingegangen.',
    );
    expect(de.text).toContain('Ihr Zimmer im Hotel Colosseo (Single) ist vom 23.03.2026 bis zum 27.03.2026 gebucht.');
    expect(de.text).toContain(`Ihre Rechnung CF-2026-000042 finden Sie in Ihrem Konto unter Rechnungen: ${BASE}/invoices`);
    expect(de.text).toContain('Ihre Bestellung:\n- Business Pass: 299,00 €\n');
    expect(de.text).toContain('- Hotel Colosseo, Single, 23.03.2026 bis 27.03.2026 (4 Nächte) (4 × 179,00 €): 716,00 €');
    expect(de.text).toContain('Netto: 1.015,00 €\nUSt. 19\u00a0%: 56,81 €\nUSt. 7\u00a0%: 50,12 €\nGesamt: 1.121,93 €\n');
    expect(de.html).toContain('<h2>Ihre Bestellung</h2>');
    expectLanguage(de, 'de');
  });

  it('confirm a free registration in German without net and VAT', () => {
    const de = orderConfirmationMail(
      paidOrder('de', {
        order: {
          ...paidOrder('de').order,
          status: 'free',
          lines: [
            {
              kind: 'pass',
              description: 'Standard Pass',
              quantity: 1,
              unitPrice: 0,
              net: 0,
              vatCategory: 'S',
              vatBasisPoints: 1900,
            },
          ],
          net: 0,
          vat: 0,
          gross: 0,
        },
        pass: { name: 'Standard Pass', status: 'pending' },
        hotel: null,
        invoice: null,
      }),
      BASE,
    );
    expect(de.subject).toBe('Ihre Registrierung für das CloudFest 2026 ist abgeschlossen');
    expect(de.text).toContain('Ihr Standard Pass wartet auf Freigabe.');
    expect(de.text).toContain('- Standard Pass: Kostenlos\n\nGesamt: Kostenlos\n');
    expect(de.text).not.toContain('Netto');
  });

  it('confirm an upgrade, a hotel booking and a train ticket in German, never with a reverse charge', () => {
    const base = paidOrder('de');
    const upgradeLine = { kind: 'upgrade', description: 'Business Pass', quantity: 1, unitPrice: 20_000, net: 20_000 } as const;
    const upgrade = orderConfirmationMail(
      {
        ...base,
        order: {
          ...base.order,
          kind: 'upgrade',
          lines: [{ ...upgradeLine, vatCategory: 'S', vatBasisPoints: 1900 }],
          net: 20_000,
          vat: 3_800,
          gross: 23_800,
        },
        upgrade: { from: 'Standard Pass', to: 'Business Pass' },
      },
      BASE,
    );
    expect(upgrade.subject).toBe('Ihr Upgrade auf Business Pass für das CloudFest 2026, Rechnung CF-2026-000042');
    expect(upgrade.text).toContain('Aus Ihrem Standard Pass ist ein Business Pass geworden.');
    expect(upgrade.text).toContain('Netto: 200,00 €\nUSt. 19\u00a0%: 38,00 €\nGesamt: 238,00 €\n');

    const hotel = orderConfirmationMail({ ...base, order: { ...base.order, kind: 'hotel' } }, BASE);
    expect(hotel.subject).toBe('Ihre Hotelbuchung für das CloudFest 2026, Rechnung CF-2026-000042');
    expect(hotel.text).toContain(`Ihre Buchungen und Mitreisenden finden Sie in der App: ${BASE}/accommodation`);

    const ticket = orderConfirmationMail(
      {
        ...base,
        order: { ...base.order, kind: 'train-ticket' },
        trainTicket: { name: 'Bahnticket Hin und Zurück', code: 'DB-1234' },
        invoice: null,
      },
      BASE,
    );
    expect(ticket.subject).toBe('Ihr Bahnticket für das CloudFest 2026');
    expect(ticket.text).toContain('Ihr Bahnticket Hin und Zurück ist gebucht. Ihr Ticketcode: DB-1234');
    expect(ticket.text).toContain(
      'vielen Dank für Ihre Bestellung für das CloudFest 2026 im Europa-Park. Ihre Zahlung ist bei uns eingegangen.',
    );
  });
  it('attach the invoice PDF when there is one and say so, in English and in German', () => {
    const pdf = { filename: 'CF-2026-000042.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' };
    const en = orderConfirmationMail(paidOrder('en'), BASE, pdf);
    expect(en.attachments).toEqual([pdf]);
    expect(en.text).toContain(
      `Your invoice CF-2026-000042 is attached as a PDF e-invoice (ZUGFeRD); you also find it in your account under Invoices: ${BASE}/invoices`,
    );
    const de = orderConfirmationMail(paidOrder('de'), BASE, pdf);
    expect(de.attachments).toEqual([pdf]);
    expect(de.text).toContain(
      `Ihre Rechnung CF-2026-000042 ist als PDF-E-Rechnung (ZUGFeRD) angehängt; Sie finden sie auch in Ihrem Konto unter Rechnungen: ${BASE}/invoices`,
    );
    expect(orderConfirmationMail(paidOrder('de'), BASE).attachments).toBeUndefined();
  });

  it('never speak of a reverse charge: nothing the event sells is reverse-charged', () => {
    for (const language of ['en', 'de'] as const) {
      const words = Object.values(CATALOGUES[language].mail).join('\n');
      expect(words).not.toMatch(/reverse.charge|Steuerschuldnerschaft|Art\. 196|VIES/i);
    }
  });
});
