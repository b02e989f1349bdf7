import { describe, expect, it } from 'vitest';
import { accessFor, firstOrNull, fullName, isLeadScanner, isVendor } from './session-rules.ts';

const attendee = { tags: [{ id: 7 }], permissions: [{ path: '/agenda' }], firstName: 'Ada', lastName: 'Lovelace' };
const vendor = { ...attendee, tags: [{ id: 7 }, { id: 2 }] };

describe('user kinds', () => {
  it('treats tag id 2 as vendor', () => {
    expect(isVendor(vendor)).toBe(true);
    expect(isVendor(attendee)).toBe(false);
    expect(isVendor(null)).toBe(false);
  });

  it('treats a /contacts permission as lead scanner', () => {
    expect(isLeadScanner({ permissions: [{ path: '/contacts' }] })).toBe(true);
    expect(isLeadScanner({ permissions: [{ path: '/contacts/x' }] })).toBe(false);
    expect(isLeadScanner(attendee)).toBe(false);
    expect(isLeadScanner(null)).toBe(false);
  });

  it('joins the full name', () => {
    expect(fullName(attendee)).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(fullName(null)).toBe('');
  });
});

describe('accessFor', () => {
  it('lets approved passes, vendors and pass-less users in', () => {
    expect(accessFor(attendee, { status: 'approved' })).toBe('ready');
    expect(accessFor(attendee, null)).toBe('ready');
    expect(accessFor(vendor, { status: 'pending' })).toBe('ready');
    expect(accessFor(vendor, null)).toBe('ready');
  });

  it('turns away non-vendors whose pass is not approved', () => {
    expect(accessFor(attendee, { status: 'pending' })).toBe('awaiting-approval');
    expect(accessFor(attendee, { status: 'rejected' })).toBe('awaiting-approval');
  });
});

describe('firstOrNull', () => {
  it('returns the first item or null', () => {
    expect(firstOrNull([3, 4])).toBe(3);
    expect(firstOrNull([])).toBeNull();
  });
});
