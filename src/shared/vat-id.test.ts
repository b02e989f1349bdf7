import { describe, expect, it } from 'vitest';
import { isValidVatId, normalizeVatId, parseVatId } from './vat-id.ts';

describe('VAT ID', () => {
  it('removes spaces and splits off the country code', () => {
    expect(normalizeVatId(' atu 135 856 27 ')).toBe('ATU13585627');
    expect(parseVatId('ATU 13585627')).toEqual({ countryCode: 'AT', vatNumber: 'U13585627' });
    expect(parseVatId('DE 123 456 789')).toEqual({ countryCode: 'DE', vatNumber: '123456789' });
  });

  it('does not ask the server about values that cannot be a VAT ID', () => {
    expect(parseVatId('')).toBeNull();
    expect(parseVatId('12345678')).toBeNull();
    expect(parseVatId('DE1')).toBeNull();
    expect(parseVatId(`DE${'1'.repeat(21)}`)).toBeNull();
  });

  it('asks the server with the parts and counts a failed call as invalid', async () => {
    const calls: [string, string][] = [];
    const valid = await isValidVatId('ATU 13585627', async (countryCode, vatNumber) => {
      calls.push([countryCode, vatNumber]);
      return true;
    });
    expect(valid).toBe(true);
    expect(calls).toEqual([['AT', 'U13585627']]);
    expect(await isValidVatId('ATU13585627', async () => false)).toBe(false);
    expect(
      await isValidVatId('ATU13585627', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(false);
    expect(await isValidVatId('1234', async () => true)).toBe(false);
  });
});
