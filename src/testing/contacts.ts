import { randomUUID } from 'node:crypto';
import { newLeadRow } from '../features/contacts/leads.ts';
import type { LeadRow } from '../lib/db.ts';
import type { Lead } from '../shared/contracts/leads.ts';
import { testBadge } from './badges.ts';

/* Test helpers of the contacts feature: device rows and server leads carrying test badges. */

export { DURING, TEST_TRUST, testBadge } from './badges.ts';

export function localRow(personKey: string, name: string, company: string, at: string, extra: Partial<LeadRow> = {}): LeadRow {
  const token = testBadge({ pid: personKey, n: name, c: company });
  return { ...newLeadRow('u', { personKey, token, name, company, passType: 'Standard Pass' }, at), ...extra };
}

export function serverLead(badgeId: string, firstName: string, lastName: string, at: string, extra: Partial<Lead> = {}): Lead {
  return {
    id: randomUUID(),
    createdAt: at,
    changedAt: at,
    scanCount: 1,
    passiveUser: { uuid: '00000000-0000-4000-8000-000000000001', firstName, lastName, company: 'Server Co', image: null },
    notes: '',
    rating: 0,
    tags: [],
    answers: [],
    badgeId,
    passType: 'Business Pass',
    ...extra,
  };
}
