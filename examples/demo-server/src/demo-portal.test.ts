import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from './spawn-demo';

describe('the affiliate portal in the demo (npm start, from source)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-portal-'));
  let demo: RunningDemo;

  beforeAll(async () => {
    demo = await startDemo(dataDir);
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /portal with the demo token picker and a strict CSP', async () => {
    const response = await fetch(`${demo.url}/portal`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await response.text();
    expect(page).toContain('<option value="demo_admin" data-roles="affiliate_admin">');
    expect(page).toContain('src="/portal/portal.js"');
  });

  it('bundles the portal from source on the first request (no package build needed)', async () => {
    const script = await fetch(`${demo.url}/portal/portal.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('affiliate-portal');
    const catalog = await fetch(`${demo.url}/portal/catalog.json`);
    expect(
      ((await catalog.json()) as { categoryFields: Record<string, string[]> }).categoryFields.ORDER,
    ).toContain('order_id');
  });
});
