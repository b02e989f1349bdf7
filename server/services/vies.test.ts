import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVies, startFakeVies } from '../testing/fake-vies.ts';
import { createViesClient } from './vies.ts';

let vies: FakeVies;
beforeAll(async () => {
  vies = await startFakeVies();
});
afterAll(async () => vies?.close());

describe('the VIES client', () => {
  it('posts prefix and number, and gets a consultation number only when it names our own VAT ID', async () => {
    const anonymous = createViesClient({ url: vies.url, timeoutMs: 2000 });
    const answer = await anonymous.check('atu 135 856 27');
    expect(answer).toMatchObject({ status: 'valid', vatId: 'ATU13585627', requestIdentifier: null, name: 'Beispiel GmbH' });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'AT', vatNumber: 'U13585627' });

    const named = createViesClient({ url: `${vies.url}/`, requesterVatId: 'DE 314772507', timeoutMs: 2000 });
    const withReference = await named.check('EL094259216');
    expect(withReference).toMatchObject({
      status: 'valid',
      vatId: 'EL094259216',
      requestIdentifier: expect.stringMatching(/^WAPI/),
    });
    expect(vies.requests.at(-1)).toMatchObject({
      countryCode: 'EL',
      requesterMemberStateCode: 'DE',
      requesterNumber: '314772507',
    });
    if (withReference.status !== 'unavailable') expect(withReference.requestDate.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reads "not registered" and malformed input as invalid, every failure as unavailable', async () => {
    const client = createViesClient({ url: vies.url, timeoutMs: 300 });
    expect(await client.check('ATU12345675')).toMatchObject({ status: 'invalid', name: '' });
    expect(await client.check('AT!')).toMatchObject({ status: 'invalid' });
    vies.mode = 'down';
    expect(await client.check('ATU13585627')).toEqual({
      status: 'unavailable',
      vatId: 'ATU13585627',
      reason: 'SERVICE_UNAVAILABLE',
    });
    vies.mode = 'ms-unavailable';
    expect(await client.check('ATU13585627')).toMatchObject({ status: 'unavailable', reason: 'MS_UNAVAILABLE' });
    vies.mode = 'hang';
    expect(await client.check('ATU13585627')).toMatchObject({ status: 'unavailable', reason: 'no answer within 300 ms' });
    vies.mode = 'up';
    const closed = createViesClient({ url: 'http://127.0.0.1:9', timeoutMs: 300 });
    expect(await closed.check('ATU13585627')).toMatchObject({
      status: 'unavailable',
      reason: expect.stringMatching(/^request failed/),
    });
  });

  it('takes an answer it does not understand for no answer', async () => {
    const odd = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const client = createViesClient({ url: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`, timeoutMs: 1000 });
      expect(await client.check('ATU13585627')).toMatchObject({ status: 'unavailable', reason: 'HTTP 200' });
    } finally {
      odd.close();
    }
  });
});
