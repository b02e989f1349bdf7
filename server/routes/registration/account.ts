import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { hasAddress } from '#shared/address.ts';
import { registrationAccountBodySchema, registrationCheckInboxSchema } from '#shared/contracts/registration.ts';
import { MESSAGES } from '#shared/messages.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { addresses, countries, orders, passes, passTypes, users } from '../../db/schema/index.ts';
import { type Language, requestLanguage } from '../../i18n/language.ts';
import { fieldProblem, HttpProblem } from '../../plugins/errors.ts';
import { perAddress, perEmail } from '../../plugins/rate-limits.ts';
import { confirmationMail } from '../../services/accounts/account-mails.ts';
import { issueConfirmLink, keepAttemptedPassword, UNCONFIRMED_PASSWORD } from '../../services/accounts/confirm-links.ts';
import { findHolder, mailExistingHolder } from '../../services/accounts/existing-account.ts';
import { hashPassword } from '../../services/accounts/password.ts';
import { assertStrongPassword } from '../../services/accounts/password-strength.ts';
import { isValidFullVatId } from '../../services/invoices/vat-id.ts';
import {
  findVoucher,
  normaliseVoucherCode,
  redeemVoucher,
  unredeemVoucher,
  type VoucherRow,
  voucherProblem,
} from '../../services/orders/vouchers.ts';
import {
  checkEligibility,
  domainOf,
  ELIGIBILITY_MESSAGES,
  type Eligibility,
  isGrayListedDomain,
} from '../../services/passes/eligibility.ts';
import { bindFreeClaim, freeClaimIsHeld, releaseHoldsOf, TOO_MANY_HOLDS } from '../../services/passes/pass-pool.ts';

export const ACCOUNT_MESSAGES = {
  passTypeUnavailable: 'This pass type is not available.',
  voucherRequired: 'Please enter the voucher code for this pass.',
  voucherInvalid: 'This voucher code is not valid for this pass.',
  voucherExpired: 'This voucher code has expired.',
  voucherUsedUp: 'This voucher code has been used up.',
  addressIncomplete: 'Please enter your billing address: street and number, postcode, city and country.',
  unknownCountry: 'Unknown country.',
  freePassesGone: MESSAGES.freePassesGone,
  freeClaimExpired: 'Your free pass reservation has expired. Please choose your pass again.',
  tooManyHolds: TOO_MANY_HOLDS,
  ...ELIGIBILITY_MESSAGES,
} as const;

type Body = z.output<typeof registrationAccountBodySchema>;
type PassTypeRow = typeof passTypes.$inferSelect;

interface PassChoice {
  type: PassTypeRow;
  voucher: VoucherRow | null;
  status: 'pending' | 'approved';
}

const refuse = (status: number, path: string, message: string) => new HttpProblem(status, message, [{ path, message }]);

/** Which pass the registration gets, refused early (before the password hash) with a reason the form can show. */
async function choosePass(db: Db, body: Body, eligibility: Eligibility): Promise<PassChoice> {
  const [type] = await db.select().from(passTypes).where(eq(passTypes.id, body.passTypeId)).limit(1);
  // Upgrades are bought for an existing pass (/pass/upgrade), never at registration.
  if (!type?.active || type.kind === 'paid-upgrade') {
    throw refuse(400, 'passTypeId', ACCOUNT_MESSAGES.passTypeUnavailable);
  }

  const code = normaliseVoucherCode(body.voucherCode ?? '');
  if (type.kind === 'voucher' && !code) throw refuse(400, 'voucherCode', ACCOUNT_MESSAGES.voucherRequired);
  let voucher: VoucherRow | null = null;
  if (code) {
    voucher = (await findVoucher(db, code)) ?? null;
    if (!voucher || voucher.passTypeId !== type.id) throw refuse(400, 'voucherCode', ACCOUNT_MESSAGES.voucherInvalid);
    const problem = voucherProblem(voucher);
    if (problem === 'expired') throw refuse(400, 'voucherCode', ACCOUNT_MESSAGES.voucherExpired);
    if (problem === 'used-up') throw refuse(409, 'voucherCode', ACCOUNT_MESSAGES.voucherUsedUp);
    if (voucher.codeType === 'host' && !eligibility.isWhitelisted) {
      throw refuse(403, 'voucherCode', ACCOUNT_MESSAGES.hostNotInvited);
    }
  }

  if (type.isFree) {
    if (await isGrayListedDomain(db, domainOf(body.email))) throw refuse(403, 'email', ACCOUNT_MESSAGES.grayListed);
    // The free pass was held at the Pass step (POST /api/pass/free-claim); the transaction consumes it.
    if (!body.freeClaimToken || !(await freeClaimIsHeld(db, body.freeClaimToken))) throw freeClaimExpired();
  }
  // The white list means "approved without manual review", never "free": a pass with a price stays
  // pending until its order is paid (payment approves it, order-completion.ts). Whitelisted addresses
  // get free and voucher passes approved at once; others wait for an organizer.
  const approvedNow = eligibility.isWhitelisted && type.priceCents === 0;
  return { type, voucher, status: approvedNow ? 'approved' : 'pending' };
}

/** The billing address must count as present (docs/behaviour.md §5), in a known country, with a valid VAT ID if one is given. */
async function assertBillingAddress(db: Db, address: Body['address']): Promise<void> {
  if (!hasAddress(true, address) || address.countryId === null) {
    throw refuse(400, 'address', ACCOUNT_MESSAGES.addressIncomplete);
  }
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, address.countryId)).limit(1);
  if (!country) throw refuse(400, 'address.countryId', ACCOUNT_MESSAGES.unknownCountry);
  if (address.vatId && !isValidFullVatId(address.vatId))
    throw fieldProblem('address.vatId', { validation: { key: 'invalidVatId' } });
}

const freeClaimExpired = () => refuse(409, 'freeClaimToken', ACCOUNT_MESSAGES.freeClaimExpired);

/** What a registration writes for an account, new or unconfirmed (the newest registration's details win). */
interface Registration {
  body: Body;
  choice: PassChoice;
  language: Language;
  passwordHash: string;
}

/** Writes the registration's pass; the counters and the claim last (their rows stay locked until commit). */
async function writePass(tx: Db, userId: string, { body, choice }: Registration, existingPassId?: string) {
  const approved = choice.status === 'approved';
  const values = {
    passTypeId: choice.type.id,
    status: choice.status,
    voucherCode: choice.voucher?.code ?? null,
    approvedAt: approved ? new Date() : null,
  };
  if (existingPassId) await tx.update(passes).set(values).where(eq(passes.id, existingPassId));
  else await tx.insert(passes).values({ ...values, userId });
  if (choice.voucher && !(await redeemVoucher(tx, choice.voucher.code))) {
    throw refuse(409, 'voucherCode', ACCOUNT_MESSAGES.voucherUsedUp);
  }
  // The hold is bound to the account and becomes its pass when the address is confirmed.
  if (choice.type.isFree && !(await bindFreeClaim(tx, body.freeClaimToken ?? '', userId))) throw freeClaimExpired();
}

/**
 * "The newest sign-up wins": an unconfirmed account takes the details of its newest
 * registration (names, company, language, billing address, and the pass choice while the pass is
 * pending without orders). Not its password: each registration's link keeps the one chosen with it,
 * and only one typed by the holder of the inbox becomes the account's.
 * False when the account was confirmed meanwhile (its holder gets the note instead).
 */
async function renewUnconfirmed(tx: Db, userId: string, registration: Registration): Promise<boolean> {
  const { body, language } = registration;
  const [user] = await tx.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.confirmedAt) return false;
  const { firstName, lastName, company, address } = body;
  await tx
    .update(users)
    .set({ firstName, lastName, company, language, languageChosen: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
  const billing = { ...address, company: address.company || company };
  const updated = await tx
    .update(addresses)
    .set(billing)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'billingAddress')))
    .returning({ id: addresses.id });
  if (updated.length === 0) await tx.insert(addresses).values({ ...billing, userId });

  const [pass] = await tx.select().from(passes).where(eq(passes.userId, userId)).for('update');
  if (pass && (pass.status !== 'pending' || (await tx.$count(orders, eq(orders.userId, userId))) > 0)) return true;
  // The earlier choice is given back: its code use and its free-pass hold.
  if (pass?.voucherCode) await unredeemVoucher(tx, pass.voucherCode);
  await releaseHoldsOf(tx, userId);
  await writePass(tx, userId, registration, pass?.id);
  return true;
}

/** A new account: user (with no usable password until confirmed), billing address and pass. */
async function createAccount(tx: Db, registration: Registration): Promise<string | null> {
  const { body, language } = registration;
  const { email, firstName, lastName, company, address } = body;
  const [user] = await tx
    .insert(users)
    .values({ email, passwordHash: UNCONFIRMED_PASSWORD, firstName, lastName, company, language, languageChosen: true })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  // Registered a moment ago by a concurrent request: nothing written yet, nothing to undo.
  if (!user) return null;
  await tx.insert(addresses).values({ ...address, company: address.company || company, userId: user.id });
  await writePass(tx, user.id, registration);
  return user.id;
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, strangerMail } = app;
  const base = publicUrl(config);
  // Every call mails the address (a link or a note to its holder): limited per address named, like sign-up.
  const registrationsPerEmail = perEmail(app, 'registration');

  /** A new or unconfirmed account's registration, written at once with its new link; null for a confirmed holder. */
  async function register(registration: Registration): Promise<{ userId: string; url: string } | null> {
    const holder = await findHolder(db, registration.body.email);
    if (holder?.emailConfirmedAt) return null;
    return db.transaction(async (tx) => {
      const userId = holder ? holder.id : await createAccount(tx, registration);
      if (!userId || (holder && !(await renewUnconfirmed(tx, holder.id, registration)))) return null;
      // The link carries this registration's password; earlier links keep theirs.
      return { userId, url: await issueConfirmLink(tx, base, userId, registration.passwordHash) };
    });
  }

  /**
   * "Confirm first" (docs/behaviour.md §4): the answer is 202 {checkInbox} for every address, new, unconfirmed
   * or confirmed, and no token: the registration continues from the mailed link. A new
   * or unconfirmed address gets the link with the chosen password pending on it; a
   * confirmed one a note to its holder. Either mail counts against the address's budget.
   */
  app.post(
    '/account',
    {
      config: perAddress(config.ADDRESS_RATE_LIMIT_PER_MINUTE),
      preHandler: registrationsPerEmail,
      schema: {
        tags: ['registration'],
        body: registrationAccountBodySchema,
        response: { 202: registrationCheckInboxSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { email, firstName, lastName, address } = body;
      // The language chosen in the form, else the one the browser asks for (the account keeps it).
      const language = body.language ?? requestLanguage(request);
      await assertStrongPassword(body.password, [email, firstName, lastName]);

      const eligibility = await checkEligibility(db, email);
      if (eligibility.isBlacklisted) throw refuse(403, 'email', ACCOUNT_MESSAGES.blacklisted);
      const choice = await choosePass(db, body, eligibility);
      await assertBillingAddress(db, address);
      // Every refusal above is the same with or without an account; from here on nothing tells
      // them apart. The password is hashed either way.
      const registration = { body, choice, language, passwordHash: await hashPassword(body.password) };
      const created = await register(registration);

      // After commit, and never fatal: signing in with the chosen password re-sends the link.
      try {
        if (created) {
          // The free pass is a hold until the address is confirmed (FREE_CLAIM_CONFIRM_MS): the mail says so.
          const mail = confirmationMail(email, firstName, created.url, language, { freePassHeld: choice.type.isFree });
          await strangerMail.send(mail, 'registration-confirmation');
        } else {
          // A confirmed holder; an unconfirmed one here lost a race with a registration that mails it.
          const holder = await findHolder(db, email);
          if (holder?.emailConfirmedAt) {
            await keepAttemptedPassword(db, holder.id, registration.passwordHash);
            await mailExistingHolder(strangerMail, base, holder);
          }
        }
      } catch (error) {
        request.log.error({ err: error }, 'registration mail failed');
      }
      return reply.code(202).send({ checkInbox: true as const });
    },
  );
};
