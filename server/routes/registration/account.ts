import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { hasAddress } from '#shared/address.ts';
import {
  registrationAccountBodySchema,
  registrationAccountResponseSchema,
  registrationCheckInboxSchema,
} from '#shared/contracts/registration.ts';
import { MESSAGES } from '#shared/messages.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { addresses, authTokens, countries, passes, passTypes, users } from '../../db/schema/index.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { perAddress } from '../../plugins/rate-limits.ts';
import { fieldProblem, HttpProblem } from '../../plugins/errors.ts';
import {
  checkEligibility,
  domainOf,
  ELIGIBILITY_MESSAGES,
  type Eligibility,
  isGrayListedDomain,
} from '../../services/eligibility.ts';
import { mailExistingHolder } from '../../services/existing-account.ts';
import { confirmationMail } from '../../services/mail-templates.ts';
import { hashPassword } from '../../services/password.ts';
import { assertStrongPassword } from '../../services/password-strength.ts';
import { bindFreeClaim, freeClaimIsHeld, TOO_MANY_HOLDS } from '../../services/pass-pool.ts';
import { issueConfirmLink } from '../../services/registration-mail.ts';
import { randomToken, sha256 } from '../../services/tokens.ts';
import { isValidFullVatId } from '../../services/vat-id.ts';
import { findVoucher, normaliseVoucherCode, redeemVoucher, type VoucherRow, voucherProblem } from '../../services/vouchers.ts';

/** The registration token only opens the flow's own calls (survey, checkout, payment); a week is plenty. */
export const REGISTRATION_TOKEN_DAYS = 7;

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

/** The billing address must count as present (SPEC §5), in a known country, with a valid VAT ID if one is given. */
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

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app;
  const base = publicUrl(config);

  /** An address with an account: its holder is mailed; the answer never says why (finding 11). */
  async function checkInbox(request: FastifyRequest, reply: FastifyReply, email: string) {
    // Never fatal, as for a new account's confirmation mail.
    try {
      await mailExistingHolder(db, mailer, base, email);
    } catch (error) {
      request.log.error({ err: error }, 'existing-account mail failed');
    }
    return reply.code(202).send({ checkInbox: true as const });
  }

  /**
   * Creates user, billing address, pass, registration token and confirmation token in one
   * transaction: either the registration exists completely or not at all.
   */
  app.post(
    '/account',
    {
      config: perAddress(config.ADDRESS_RATE_LIMIT_PER_MINUTE),
      schema: {
        tags: ['registration'],
        body: registrationAccountBodySchema,
        response: { 201: registrationAccountResponseSchema, 202: registrationCheckInboxSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { email, firstName, lastName, company, address } = body;
      // The language chosen in the form, else the one the browser asks for (the account keeps it).
      const language = body.language ?? requestLanguage(request);
      await assertStrongPassword(body.password, [email, firstName, lastName]);

      const eligibility = await checkEligibility(db, email);
      if (eligibility.isBlacklisted) throw refuse(403, 'email', ACCOUNT_MESSAGES.blacklisted);
      const choice = await choosePass(db, body, eligibility);
      await assertBillingAddress(db, address);
      // Every refusal above is the same with or without an account; from here on an existing
      // address is not told apart in words: its holder gets a mail, the form asks to check the
      // inbox (finding 11). The password is hashed either way.
      const passwordHash = await hashPassword(body.password);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) return checkInbox(request, reply, email);

      const token = randomToken();
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email, passwordHash, firstName, lastName, company, language, languageChosen: true })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        // Registered a moment ago by a concurrent request: nothing written yet, nothing to undo.
        if (!user) return null;
        await tx.insert(addresses).values({ ...address, company: address.company || company, userId: user.id });
        const approved = choice.status === 'approved';
        await tx.insert(passes).values({
          userId: user.id,
          passTypeId: choice.type.id,
          status: choice.status,
          voucherCode: choice.voucher?.code ?? null,
          approvedAt: approved ? new Date() : null,
        });
        await tx.insert(authTokens).values({
          tokenHash: sha256(token),
          userId: user.id,
          scope: 'registration',
          expiresAt: new Date(Date.now() + REGISTRATION_TOKEN_DAYS * 86_400_000),
        });
        const link = await issueConfirmLink(tx, base, user.id);
        // The counters and the claim last: their rows stay locked until commit, so concurrent registrations wait briefly.
        if (choice.voucher && !(await redeemVoucher(tx, choice.voucher.code))) {
          throw refuse(409, 'voucherCode', ACCOUNT_MESSAGES.voucherUsedUp);
        }
        // The hold is bound to the account and becomes its pass when the address is confirmed (finding 7).
        if (choice.type.isFree && !(await bindFreeClaim(tx, body.freeClaimToken ?? '', user.id))) throw freeClaimExpired();
        return { userId: user.id, confirmUrl: link };
      });
      if (!created) return checkInbox(request, reply, email);
      const { userId, confirmUrl } = created;

      // After commit, and never fatal: the account exists, and signing in re-sends the link.
      try {
        // The free pass is a hold until the address is confirmed (finding 7; FREE_CLAIM_CONFIRM_MS): the mail says so.
        await mailer.send(confirmationMail(email, firstName, confirmUrl, language, { freePassHeld: choice.type.isFree }));
      } catch (error) {
        request.log.error({ err: error }, 'registration confirmation mail failed');
      }
      return reply.code(201).send({ uuid: userId, registrationToken: token, passStatus: choice.status });
    },
  );
};
