import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bearer, demo, signIn } from './helpers.ts';

/*
 * Exhibitor teams by invitation. vendor@ owns the team (an organizer creates it) and
 * shares its earlier leads, so vendor-vip@ (a vendor of the same company, no lead scanner yet) sees
 * them once it accepts. vendor@ uploads nothing here and vendor-vip@ scans nothing, so the lead
 * counts of the other lead specs stay as they are.
 */

const TEAM = 'Demo Vendor Team';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The team of vendor@, made once per database (the tests may run again against the same one). */
async function ensureTeam(request: APIRequestContext) {
  const owner = await bearer(request, demo('vendor'));
  if ((await request.get('/api/lead/team', { headers: auth(owner) })).status() === 404) {
    const organizer = await bearer(request, demo('organizer'));
    const created = await request.post('/api/organizer/lead-teams', {
      headers: auth(organizer),
      data: { name: TEAM, ownerEmail: demo('vendor') },
    });
    expect(created.status()).toBe(201);
  }
  const shared = await request.put('/api/lead/team/share-earlier', { headers: auth(owner), data: { sharesEarlier: true } });
  expect(shared.status()).toBe(200);
  return owner;
}

async function openTeamTab(page: Page, email: string) {
  await page.context().addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  await page.goto('/sign-in?redirect=%2Fcontacts%3FcurrentTab%3Dteam');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/contacts\?currentTab=team$/);
}

test.describe.configure({ mode: 'serial' });

test('an invited colleague accepts in the app and sees the shared lead list', async ({ page, browser, request }) => {
  const owner = await ensureTeam(request);
  const ownersLeads = (await (await request.get('/api/lead?active=true', { headers: auth(owner) })).json()) as {
    passiveUser?: { firstName: string; lastName: string };
  }[];
  const someone = ownersLeads[0]?.passiveUser;
  expect(someone).toBeTruthy();
  const someoneName = `${someone?.firstName} ${someone?.lastName}`;

  // The owner invites a colleague by e-mail; the invitation waits and is mailed.
  await openTeamTab(page, demo('vendor'));
  await expect(page.getByRole('heading', { name: `Team ${TEAM}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Invite a colleague to the team' });
  await form.getByLabel('E-mail address').fill(demo('vendor-vip'));
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(demo('vendor-vip'))).toBeVisible();
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(demo('vendor-vip'))}`)).json()) as {
        subject: string;
      }[];
      return mails.map((mail) => mail.subject);
    })
    .toContain(`Invitation to the exhibitor team "${TEAM}"`);

  // The colleague (a vendor, not yet a lead scanner) accepts on the team tab the mail links to.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const colleague = await context.newPage();
  await openTeamTab(colleague, demo('vendor-vip'));
  const invitation = colleague.locator('li', { hasText: TEAM });
  await expect(invitation.getByText('Invited by')).toBeVisible();
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(colleague.getByRole('heading', { name: `Team ${TEAM}` })).toBeVisible();
  await expect(colleague.getByRole('list', { name: 'Team members' }).getByText(demo('vendor'))).toBeVisible();

  // Now a lead scanner: the leads tab shows the team's list, the owner's leads among them.
  await colleague.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(colleague.getByRole('list', { name: 'My leads' }).getByText(someoneName).first()).toBeVisible();
  await context.close();
});

test('a vendor of another company cannot be invited: the form says so', async ({ page, request }) => {
  await ensureTeam(request);
  await openTeamTab(page, demo('vendor'));
  const form = page.getByRole('form', { name: 'Invite a colleague to the team' });
  const rival = 'sales@rival-exhibitor.example';
  await form.getByLabel('E-mail address').fill(rival);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText("Only colleagues with an e-mail address at your company's domain can be invited")).toBeVisible();
  await expect(form.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(rival)).toHaveCount(0);
  const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(rival)}`)).json()) as unknown[];
  expect(mails).toEqual([]);
});
