import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The event catalog's data, as `catalog.json` carries it to the browser. */
export interface CatalogData {
  readonly envelopeFields: readonly string[];
  readonly identityFields: readonly string[];
  readonly categoryFields: Readonly<Record<string, readonly string[]>>;
}

/**
 * Builds the catalog's field lists from core's own allowlists (`src/rules/events/allowlists.ts`, which
 * core publishes), the ones the v2 sanitizer applies, so the portal never lists a field a payload
 * would not carry. The file is bundled alone with esbuild (it imports only types), so this works
 * from a checkout whatever has been built. (Example payloads come from the API,
 * `GET /v2/webhooks/eventTypes/{type}/example`, built from the same allowlists.)
 *
 * @param packageRoot the portal package's folder, where `@affiliate-commerce/core` resolves from
 */
export async function buildCatalog(packageRoot: string): Promise<CatalogData> {
  const { build } = await import('esbuild');
  const coreRoot = dirname(
    createRequire(join(packageRoot, 'package.json')).resolve('@affiliate-commerce/core/package.json'),
  );
  const result = await build({
    entryPoints: [join(coreRoot, 'src/rules/events/allowlists.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const allowlists = (await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  )) as {
    categoryAllowlists: Record<string, readonly string[]>;
    envelopeFields: readonly string[];
    identityFields: readonly string[];
  };
  return {
    envelopeFields: [...allowlists.envelopeFields],
    identityFields: [...allowlists.identityFields],
    categoryFields: Object.fromEntries(
      Object.entries(allowlists.categoryAllowlists).map(([category, fields]) => [category, [...fields]]),
    ),
  };
}
