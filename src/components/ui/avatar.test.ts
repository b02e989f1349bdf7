import { describe, expect, it } from 'vitest';
import { initials } from './avatar.tsx';

describe('avatar initials', () => {
  it('takes the first letters of the first and last name', () => {
    expect(initials('Lena Hoffmann')).toBe('LH');
    expect(initials('  anna  maria   schmidt ')).toBe('AS');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('?');
  });
});
