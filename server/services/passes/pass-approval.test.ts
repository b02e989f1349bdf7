import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { mailOutbox, passes, users } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../testing/test-app.ts';
import { createMailer, type Mailer } from '../mail/mail.ts';
import { ApprovalError, approvePassByEmail } from './pass-approval.ts';

let database: Database;
let mailer: Mailer;
const SIGN_IN = 'http://localhost:3000/sign-in';

beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({ from: 'test@cloudfest.example', db: database.db });
});
afterAll(async () => {
  mailer?.close();
  await database?.close();
});

async function passStatus(email: string) {
  const [row] = await database.db
    .select({ status: passes.status, approvedAt: passes.approvedAt })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .where(eq(users.email, email));
  return row;
}

const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('approvePassByEmail', () => {
  const email = 'pending@demo.cloudfest.example';

  it('approves a pending pass and mails the holder once', async () => {
    const result = await approvePassByEmail(database.db, mailer, ' Pending@Demo.CloudFest.example ', SIGN_IN);
    expect(result).toEqual({ email, name: 'Jonas Becker', passType: 'Business Pass', outcome: 'approved' });
    const pass = await passStatus(email);
    expect(pass?.status).toBe('approved');
    expect(pass?.approvedAt).not.toBeNull();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your CloudFest 2026 pass is approved');
    expect(mails[0]?.text).toContain(SIGN_IN);
  });

  it('changes nothing and mails nobody when the pass is approved already', async () => {
    const result = await approvePassByEmail(database.db, mailer, email, SIGN_IN);
    expect(result.outcome).toBe('already-approved');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses unknown users, users without a pass and cancelled passes with a clear message', async () => {
    await expect(approvePassByEmail(database.db, mailer, 'nobody@company.example', SIGN_IN)).rejects.toThrow(
      new ApprovalError('There is no user with the e-mail address nobody@company.example.'),
    );
    await expect(approvePassByEmail(database.db, mailer, 'vendor-nopass@demo.cloudfest.example', SIGN_IN)).rejects.toThrow(
      'vendor-nopass@demo.cloudfest.example has no pass to approve.',
    );
    const [attendee] = await database.db.select().from(users).where(eq(users.email, 'attendee001@demo.cloudfest.example'));
    await database.db
      .update(passes)
      .set({ status: 'cancelled' })
      .where(eq(passes.userId, attendee?.id ?? ''));
    await expect(approvePassByEmail(database.db, mailer, 'attendee001@demo.cloudfest.example', SIGN_IN)).rejects.toThrow(
      /is cancelled and cannot be approved/,
    );
  });
});
