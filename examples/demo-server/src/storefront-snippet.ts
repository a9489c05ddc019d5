import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const packageRoot = new URL('../../../packages/storefront-capture/', import.meta.url);
const sourceEntry = fileURLToPath(new URL('src/iife.ts', packageRoot));
const builtScript = fileURLToPath(new URL('dist/script/affiliate-capture.js', packageRoot));

/**
 * The `<script>` build of @affiliate-commerce/storefront-capture, as the demo storefront page
 * loads it: bundled from source with esbuild when the repository and esbuild are there (always
 * current while developing), else the package's built file.
 *
 * @returns the script text, or undefined when neither is available
 * @example
 * const script = await loadStorefrontSnippet();
 */
export async function loadStorefrontSnippet(): Promise<string | undefined> {
  if (existsSync(sourceEntry)) {
    try {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [sourceEntry],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2022',
        write: false,
      });
      return result.outputFiles[0]?.text;
    } catch {
      // esbuild is a development tool; an install without it serves the built file below.
    }
  }
  return existsSync(builtScript) ? readFile(builtScript, 'utf8') : undefined;
}
