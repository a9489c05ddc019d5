import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { routes } from '@affiliate-commerce/core/http';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions names only what exists: every backticked function call (`name(`), every API
 * route (`GET /v2/...`) and every file path is checked against the repository, so a rename or a
 * removal that leaves a decision record behind fails here.
 */

const root = join(import.meta.dirname, '..');
const skipDirs = new Set(['node_modules', 'dist', '.git', '.data', 'api']);

function walk(dir: string, files: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipDirs.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, files);
    else files.push(relative(root, path));
  }
  return files;
}

const repoFiles = walk(root);
const decisions = readdirSync(join(root, 'docs/decisions'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({
    name: `docs/decisions/${name}`,
    text: readFileSync(join(root, 'docs/decisions', name), 'utf8'),
  }));

/** Every identifier in the repository's code. */
const codeWords = new Set(
  repoFiles
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file))
    .flatMap((file) => readFileSync(join(root, file), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []),
);

/** `[file, what]` for each name in the decision records that `exists` refuses. */
function missing(pattern: RegExp, exists: (name: string) => boolean): string[] {
  return decisions.flatMap(({ name, text }) =>
    [...text.matchAll(pattern)]
      .map((match) => match[1]!)
      .filter((found) => !exists(found))
      .map((found) => `${name}: ${found}`),
  );
}

describe('docs/decisions names what exists', () => {
  it('every backticked function call names a function in the code', () => {
    // `service.health(` and `Storage.check(` name a member: the last name is the one to find.
    const refused = missing(/`([A-Za-z_$][\w$.]*)\(/g, (call) => codeWords.has(call.split('.').pop()!));
    expect(refused).toEqual([]);
  });

  it('every route is in the route table', () => {
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const table = new Set(routes.map((route) => `${route.method} ${shape(route.path)}`));
    const refused = missing(/\b((?:GET|POST|PUT|PATCH|DELETE) \/[\w\-/{}.]*)/g, (route) => {
      // Stripe's own API (`GET /v1/payment_methods/{id}`) is named where a decision describes calls to it.
      if (route.includes(' /v1/')) return true;
      return table.has(shape(route.replace(/[./]+$/, '')));
    });
    expect(refused).toEqual([]);
  });

  it('every file path names a file of the repository', () => {
    const isFile = (path: string) =>
      existsSync(join(root, path)) || repoFiles.some((file) => file === path || file.endsWith(`/${path}`));
    const refused = missing(/`([\w\-./]+\.(?:ts|js|mjs|json|md|sql|css|html))`/g, (path) =>
      // A built file (`dist/...`) exists only after `npm run build`, and a bare `portal.js` or
      // `catalog.json` names what a build writes or a handler serves; `.d.ts` alone is a kind of
      // file.
      path.startsWith('dist/') ||
      path.startsWith('.') ||
      (!path.includes('/') && /\.(js|mjs|json|css|html)$/.test(path))
        ? true
        : isFile(path),
    );
    expect(refused).toEqual([]);
  });
});
