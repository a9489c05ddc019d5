import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API reference (`npm run docs`, typedoc.json) documents every public entry point: each
 * subpath a package exports has its source file among that package's TypeDoc entry points.
 */

const root = join(import.meta.dirname, '..');
const rootOptions = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as {
  packageOptions: { entryPoints: string[] };
};

type ExportTarget = string | { readonly [condition: string]: ExportTarget };

/** The source file of an export: its `@affiliate-commerce/source` target. */
function sourceOf(target: ExportTarget): string | undefined {
  if (typeof target === 'string') return undefined;
  const source = target['@affiliate-commerce/source'];
  return typeof source === 'string' ? source.replace(/^\.\//, '') : undefined;
}

const packages = readdirSync(join(root, 'packages')).filter((name) =>
  existsSync(join(root, 'packages', name, 'package.json')),
);

describe('API reference entry points', () => {
  it.each(packages)('packages/%s: every exported subpath is documented', (name) => {
    const dir = join(root, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      exports: Record<string, ExportTarget>;
    };
    const own = join(dir, 'typedoc.json');
    const entryPoints = existsSync(own)
      ? (JSON.parse(readFileSync(own, 'utf8')) as { entryPoints: string[] }).entryPoints
      : rootOptions.packageOptions.entryPoints;
    const undocumented = Object.entries(manifest.exports)
      .filter(([subpath]) => !subpath.endsWith('.json'))
      .map(([subpath, target]) => [subpath, sourceOf(target)] as const)
      // The `<script>` build (`./iife`) has no source condition: its source is src/iife.ts.
      .map(
        ([subpath, source]) =>
          [subpath, source ?? (subpath === './iife' ? 'src/iife.ts' : undefined)] as const,
      )
      .filter(([, source]) => source === undefined || !entryPoints.includes(source))
      .map(([subpath, source]) => `${subpath} (${source ?? 'no source file'})`);
    expect(undocumented).toEqual([]);
  });
});
