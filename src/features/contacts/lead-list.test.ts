import { describe, expect, it } from 'vitest';
import { localRow, serverLead } from '../../testing/contacts.ts';
import { editableLead, mergeLeads, sortLeads, splitName } from './lead-list.ts';
import type { LeadSyncState } from './leads.ts';

const pending: LeadSyncState = { status: 'pending', reason: null, editQueued: false };
const pendingEdit: LeadSyncState = { status: 'pending', reason: null, editQueued: true };
const refused: LeadSyncState = { status: 'rejected', reason: 'This badge has been revoked.', editQueued: false };

const T9 = '2026-03-25T09:00:00.000Z';
const T10 = '2026-03-25T10:00:00.000Z';
const T11 = '2026-03-25T11:00:00.000Z';

describe('mergeLeads', () => {
  it('matches device rows and server leads by badge id, not by name', () => {
    const ada = localRow('p-ada', 'Ada Lovelace', 'Engines', T10);
    // Same name and company, another badge: another person.
    const twin = serverLead('p-twin', 'Ada', 'Lovelace', T9);
    if (twin.passiveUser) twin.passiveUser.company = 'Engines';
    const items = mergeLeads([ada], new Map([['p-ada', pending]]), { leads: [twin], fresh: true });
    expect(items.map((item) => [item.key, item.status])).toEqual([
      ['p-ada', 'pending'],
      ['p-twin', 'synced'],
    ]);
  });

  it("shows the server's fields (other devices' edits, current name) once nothing of this device is unsent", () => {
    const row = localRow('p-ada', 'Ada Lovelace', 'Engines', T9, { notes: 'old', rating: 1 });
    const lead = serverLead('p-ada', 'Ada', 'King', T9, { changedAt: T11, notes: 'from the tablet', rating: 5, tags: ['hot'] });
    const [item] = mergeLeads([row], new Map(), { leads: [lead], fresh: true });
    expect(item).toMatchObject({ name: 'Ada King', notes: 'from the tablet', rating: 5, tags: ['hot'], status: 'synced' });
    // A pending re-scan changes no field: still the server's, with the marker.
    const [rescanned] = mergeLeads([row], new Map([['p-ada', pending]]), { leads: [lead], fresh: true });
    expect(rescanned).toMatchObject({ notes: 'from the tablet', status: 'pending' });
  });

  it("shows this device's unsent edit with its marker, also when refused", () => {
    const row = localRow('p-ada', 'Ada Lovelace', 'Engines', T9, { notes: 'mine', changedAt: T10 });
    const lead = serverLead('p-ada', 'Ada', 'Lovelace', T9, { notes: 'theirs' });
    expect(mergeLeads([row], new Map([['p-ada', pendingEdit]]), { leads: [lead], fresh: true })[0]).toMatchObject({
      notes: 'mine',
      status: 'pending',
    });
    expect(mergeLeads([row], new Map([['p-ada', { ...refused, editQueued: true }]]), null)[0]).toMatchObject({
      notes: 'mine',
      status: 'rejected',
      reason: 'This badge has been revoked.',
    });
  });

  it('prefers the newer fields while the server list may predate the last upload', () => {
    const row = localRow('p-ada', 'Ada Lovelace', 'Engines', T9, { notes: 'just sent', changedAt: T11 });
    const lead = serverLead('p-ada', 'Ada', 'Lovelace', T9, { notes: 'before', changedAt: T10 });
    expect(mergeLeads([row], new Map(), { leads: [lead], fresh: false })[0]?.notes).toBe('just sent');
    expect(mergeLeads([row], new Map(), { leads: [lead], fresh: true })[0]?.notes).toBe('before');
  });

  it('keeps unsent and refused rows the server lacks; sent ones only until a fresh list lacks them', () => {
    const ada = localRow('p-ada', 'Ada Lovelace', 'Engines', T10);
    const bob = localRow('p-bob', 'Bob Babbage', 'Mills', T9);
    const cy = localRow('p-cy', 'Cy Young', 'Ball', T9);
    const states = new Map([
      ['p-ada', pending],
      ['p-bob', refused],
    ]);
    const keys = (fresh: boolean | null) =>
      mergeLeads([ada, bob, cy], states, fresh === null ? null : { leads: [], fresh }).map((item) => item.key);
    expect(keys(null)).toEqual(['p-ada', 'p-bob', 'p-cy']);
    expect(keys(false)).toEqual(['p-ada', 'p-bob', 'p-cy']);
    expect(keys(true)).toEqual(['p-ada', 'p-bob']);
  });

  it('lists server leads the device lacks as editable by their badge id, with their pass type', () => {
    const lead = serverLead('p-dan', 'Dan', 'Other', T9, { answers: [{ question: 'Budget this year?', answer: '€5–20k' }] });
    const [item] = mergeLeads([], new Map(), { leads: [lead], fresh: true });
    expect(item).toMatchObject({ personKey: 'p-dan', passType: 'Business Pass', status: 'synced', token: null });
    expect(item && editableLead(item)).toMatchObject({
      personKey: 'p-dan',
      token: null,
      name: 'Dan Other',
      answers: [{ question: 'Budget this year?', answer: '€5–20k' }],
    });
    // A lead without a badge id (none such is sent today) could not be named in an edit.
    const [unnamed] = mergeLeads([], new Map(), { leads: [{ ...lead, badgeId: undefined }], fresh: true });
    expect(unnamed && editableLead(unnamed)).toBeNull();
  });

  it("keeps the device's scanned token on a lead the server also has, and no token for a row made by an edit", () => {
    const scanned = localRow('p-eve', 'Eve Scanned', 'Here', T9);
    const edited = localRow('p-fay', 'Fay Edited', 'There', T9, { token: '' });
    const items = mergeLeads([scanned, edited], new Map(), {
      leads: [serverLead('p-eve', 'Eve', 'Scanned', T9), serverLead('p-fay', 'Fay', 'Edited', T9)],
      fresh: true,
    });
    expect(items.map((item) => [item.personKey, item.token])).toEqual([
      ['p-eve', scanned.token],
      ['p-fay', null],
    ]);
  });
});

describe('sortLeads and splitName', () => {
  const items = [
    { firstName: 'Ada', lastName: 'lovelace', company: 'Zeta', createdAt: '2026-03-25T10:00:00.000Z' },
    { firstName: 'Bob', lastName: 'Babbage', company: 'alpha', createdAt: '2026-03-25T11:00:00.000Z' },
    { firstName: 'Al', lastName: 'Babbage', company: 'Mid', createdAt: '2026-03-25T09:00:00.000Z' },
  ];
  const names = (list: typeof items) => list.map((item) => item.firstName);

  it('sorts by last name (then first name), company and time, both ways', () => {
    expect(names(sortLeads(items, 'lastName', 'asc'))).toEqual(['Al', 'Bob', 'Ada']);
    expect(names(sortLeads(items, 'lastName', 'desc'))).toEqual(['Ada', 'Al', 'Bob']);
    expect(names(sortLeads(items, 'company', 'asc'))).toEqual(['Bob', 'Al', 'Ada']);
    expect(names(sortLeads(items, 'createdAt', 'asc'))).toEqual(['Al', 'Ada', 'Bob']);
    expect(names(sortLeads(items, 'createdAt', 'desc'))).toEqual(['Bob', 'Ada', 'Al']);
  });

  it('splits the badge name at the last word', () => {
    expect(splitName('  Ada  M. Lovelace ')).toEqual({ firstName: 'Ada M.', lastName: 'Lovelace' });
    expect(splitName('Cher')).toEqual({ firstName: '', lastName: 'Cher' });
  });
});
