import { expect, it } from 'vitest';

/** Sends a request to the API under test; `path` is relative to its base path (`/api/`). */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

const admin = { authorization: 'Bearer rt_admin' };

/**
 * The requests every runtime must answer alike, on the data of `fixtures/seed.ts`: an
 * authenticated read, a write, the error envelope and a storefront call. `send` is called once the
 * runtime is up.
 */
export function apiChecks(send: () => Send): void {
  it('2.6 an authenticated read: GET a subscription with a bearer token', async () => {
    const response = await send()('v2/ecommerceSubscriptions/sub_rt', { headers: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: { id: 'sub_rt', nextBillingDate: '2027-01-10T09:30:00.000Z' },
    });
  });

  it('4.6 a write: setRenewalDate stores the date, and a read sees it', async () => {
    const response = await send()('v2/ecommerceSubscriptions/sub_rt/actions/setRenewalDate', {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ renewalDate: '12-24-2027' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      data: { id: 'sub_rt', nextBillingDate: '2027-12-24T09:30:00.000Z' },
    });
    const read = await send()('v2/ecommerceSubscriptions/sub_rt', { headers: admin });
    expect(await read.json()).toMatchObject({ data: { nextBillingDate: '2027-12-24T09:30:00.000Z' } });
  });

  it('7 a 404 and a 401 answer in the JSON error envelope', async () => {
    const missing = await send()('v2/ecommerceSubscriptions/sub_missing', { headers: admin });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: expect.any(String) },
    });
    const anonymous = await send()('v2/ecommerceSubscriptions/sub_rt');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('4.9 a storefront call: POST /journeys (no token) starts a journey with its attribution', async () => {
    const response = await send()('journeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: JSON.stringify({
        templateSlug: 'start-your-plan',
        visitorId: 'v_runtime',
        attribution: { params: { utm_source: 'newsletter' } },
      }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { id: string } };
    expect(body).toEqual({ success: true, data: { id: expect.stringMatching(/^jrn_/) } });
    const journey = await send()(`v2/journeys/${body.data.id}`, { headers: admin });
    expect(journey.status).toBe(200);
    expect(await journey.json()).toMatchObject({ data: { attribution: { visitor_id: 'v_runtime' } } });
  });
}
