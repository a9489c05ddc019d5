import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCatalog } from './catalog';

/** The files the portal serves besides its page, by name. */
export type AssetFiles = Readonly<Record<AssetName, Uint8Array<ArrayBuffer>>>;

/** Every static file of the portal: the element, the sign-in script, the styles, the catalog. */
export const assetNames = ['portal.js', 'signin.js', 'portal.css', 'catalog.json'] as const;

/** One of {@link assetNames}. */
export type AssetName = (typeof assetNames)[number];

/**
 * Bundles the browser code with esbuild (Preact included, minified) and makes the catalog from
 * core's allowlists. The package build writes the result to `dist/app`; the handler calls it in
 * memory when it runs from source, so a checkout serves current code with no build step.
 *
 * @param packageRoot the folder holding this package's `src/`
 */
export async function buildPortalAssets(packageRoot: string): Promise<AssetFiles> {
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    minify: true,
    write: false,
    target: 'es2022',
    platform: 'browser',
    format: 'esm',
    legalComments: 'none',
  } as const;
  const [portal, signin, css] = await Promise.all([
    build({ ...common, entryPoints: [join(packageRoot, 'src/element.ts')] }),
    build({ ...common, entryPoints: [join(packageRoot, 'src/app/signin.ts')] }),
    build({ ...common, entryPoints: [join(packageRoot, 'src/app/portal.css')], loader: { '.css': 'css' } }),
  ]);
  const first = (result: { outputFiles?: { contents: Uint8Array }[] }): Uint8Array<ArrayBuffer> => {
    const file = result.outputFiles?.[0];
    if (!file) throw new Error('@affiliate-commerce/portal: esbuild wrote no output');
    return new Uint8Array(file.contents);
  };
  return {
    'portal.js': first(portal),
    'signin.js': first(signin),
    'portal.css': first(css),
    'catalog.json': new TextEncoder().encode(JSON.stringify(await buildCatalog())),
  };
}

/** Writes {@link buildPortalAssets}' files to `outDir` (the package build's `dist/app`). */
export async function writePortalAssets(packageRoot: string, outDir: string): Promise<void> {
  const files = await buildPortalAssets(packageRoot);
  await mkdir(outDir, { recursive: true });
  await Promise.all(assetNames.map((name) => writeFile(join(outDir, name), files[name])));
}

/** Reads the built files from `dir`; undefined when one is missing (the package was not built). */
export async function readPortalAssets(dir: string): Promise<AssetFiles | undefined> {
  try {
    const read = await Promise.all(
      assetNames.map(async (name) => [name, new Uint8Array(await readFile(join(dir, name)))]),
    );
    return Object.fromEntries(read) as AssetFiles;
  } catch {
    return undefined;
  }
}
