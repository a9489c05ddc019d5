import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fakeResolver, testService, testTokens } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../ports/net/node-http-client';

/** A CA, a server certificate for localhost and a client certificate, made with openssl for this test. */
function certificates(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=test-ca');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=DNS:localhost\n');
  for (const [name, subject] of [
    ['server', '/CN=localhost'],
    ['client', '/CN=affiliate-commerce-client'],
  ] as const) {
    openssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
    const ext = name === 'server' ? ['-extfile', 'server.ext'] : [];
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '1',
      ...ext,
    );
  }
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return {
    ca: read('ca.pem'),
    server: { cert: read('server.pem'), key: read('server.key') },
    client: { cert: read('client.pem'), key: read('client.key') },
  };
}

let dir: string;
let pems: ReturnType<typeof certificates>;
let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mtls-'));
  pems = certificates(dir);
  // A receiver that requires a client certificate signed by the test CA.
  server = createServer(
    { ...pems.server, ca: pems.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      seen.push(String((request.socket as TLSSocket).getPeerCertificate().subject?.CN));
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function setup() {
  const svc = testService({
    http: nodeHttpClient({ ca: pems.ca }),
    resolver: fakeResolver({ localhost: ['127.0.0.1'] }),
    allowPrivateNetworks: true,
  });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token: string = testTokens.superAdmin,
  ) => {
    const response = await svc.handle(
      new Request(`http://api.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, text, json: JSON.parse(text) as any };
  };
  const created = await call('POST', '/v2/webhooks', {
    name: 'mTLS',
    url: `https://localhost:${port}/in`,
    webhookInterests: ['ecommerce_order_created'],
  });
  const id: string = created.json.data.id;
  let orders = 0;
  const order = async () => {
    orders += 1;
    const order = {
      id: `ord_${orders}`,
      status: 'pending' as const,
      totalCents: 100,
      currency: 'USD',
      products: [],
    };
    await svc.commerce.recordOrder({ affiliateId: 'aff_1', order });
    await svc.deliveries.runDue({ limit: 100 });
    return (await call('GET', `/v2/webhooks/${id}/deliveries`)).json.data.items[0];
  };
  return { call, id, order };
}

describe('client certificates to receivers (api.md: client certificates)', () => {
  it('a receiver that requires a client certificate gets the delivery with it, and refuses it without', async () => {
    const { call, id, order } = await setup();
    const set = await call('PUT', `/v2/webhooks/${id}/clientCertificate`, {
      certificate: pems.client.cert,
      privateKey: pems.client.key,
      ca: pems.ca,
    });
    expect(set.status).toBe(200);
    expect(set.json.data.clientCertificate).toEqual({
      certificate: pems.client.cert.trim(),
      ca: pems.ca.trim(),
    });
    expect(set.text).not.toContain('PRIVATE KEY');
    expect(await order()).toMatchObject({ succeeded: true, statusCode: 204 });
    expect(seen.at(-1)).toBe('affiliate-commerce-client');

    expect(
      (await call('DELETE', `/v2/webhooks/${id}/clientCertificate`)).json.data.clientCertificate,
    ).toBeUndefined();
    const refused = await order();
    expect(refused.succeeded).toBe(false);
    // TLS 1.3 receivers refuse a missing certificate after the handshake, by closing the connection.
    expect(refused.error).toMatch(/^(tls_failed|connect_failed|protocol_error): /);
  });

  it('refuses what is not PEM of its kind with 422 naming the field, and another tenant with 404', async () => {
    const { call, id } = await setup();
    const body = { certificate: pems.client.cert, privateKey: pems.client.key };
    for (const [bad, field] of [
      [{ ...body, certificate: 'not a certificate' }, 'certificate'],
      [{ ...body, privateKey: pems.client.cert }, 'privateKey'],
      [{ ...body, ca: pems.client.key }, 'ca'],
    ] as const) {
      const refused = await call('PUT', `/v2/webhooks/${id}/clientCertificate`, bad);
      expect(refused.status).toBe(422);
      expect(refused.json.error).toMatchObject({ code: 'INVALID_FIELD', field });
    }
    const other = await call('PUT', `/v2/webhooks/${id}/clientCertificate`, body, testTokens.otherSuperAdmin);
    expect(other.status).toBe(404);
  });
});
