import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What a host gets from npm, before anything is published: every publishable package is packed
 * with `npm pack`, the tarballs are installed into a fresh project outside the repository (with
 * the repository's TypeScript, nothing else), and that project type-checks an import of every
 * entry point with `strict`, `skipLibCheck: false` and `module: nodenext`. The tarballs' file
 * lists are checked for test-only files, and each package's `.d.ts` for imports whose types it
 * does not bring (its own types, or `@types/*` in `dependencies` or `peerDependencies`).
 *
 * It reads the packages' `dist`: CI builds first; a package without `dist` is built here.
 */

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  publishConfig?: { access?: string; provenance?: boolean };
  types?: string;
  typings?: string;
}

interface Packed {
  name: string;
  filename: string;
  files: { path: string }[];
}

const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

const packages = readdirSync(join(repoRoot, 'packages'))
  .map((folder) => join(repoRoot, 'packages', folder))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, manifest: readManifest(dir) }))
  .filter(({ manifest }) => !manifest.private);

/** Files that are there only for the repository's own tests and must not reach a host. */
const testOnlyFile = [
  /\.test\.[^/]+$/,
  /\.test-support\.[^/]+$/,
  /(^|\/)test-support\//,
  /(^|\/)__tests__\//,
  /(^|\/)(__)?fixtures(__)?\//,
];

const typescriptVersion = readManifest(join(repoRoot, 'node_modules', 'typescript')).version;

let work = '';
let consumer = '';
let packed: Packed[] = [];

async function npm(args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

/** The import lines of a consumer file: ESM imports every subpath, CommonJS those with a `require` condition. */
function consumerSource(kind: 'esm' | 'cjs'): string {
  const hasRequire = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).some(([key, inner]) => key === 'require' || hasRequire(inner));
  const lines: string[] = [];
  const names: string[] = [];
  for (const { manifest } of packages) {
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (subpath === './package.json') continue;
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const local = `entry${names.length}`;
      if (kind === 'esm') {
        lines.push(
          subpath.endsWith('.json')
            ? `import ${local} from '${specifier}' with { type: 'json' };`
            : `import * as ${local} from '${specifier}';`,
        );
      } else {
        if (!hasRequire(target)) continue;
        lines.push(`import ${local} = require('${specifier}');`);
      }
      names.push(local);
    }
  }
  const exported = kind === 'esm' ? 'export const entryPoints' : 'export const entryPointsRequired';
  return `${lines.join('\n')}\n\n${exported} = [${names.join(', ')}];\n`;
}

beforeAll(async () => {
  const unbuilt = packages.filter(({ dir }) => !existsSync(join(dir, 'dist')));
  for (const { manifest } of unbuilt) {
    await npm(['run', 'build', '--silent', '-w', manifest.name], repoRoot);
  }

  work = mkdtempSync(join(tmpdir(), 'affiliate-commerce-packed-'));
  const tarballs = join(work, 'tarballs');
  consumer = join(work, 'consumer');
  mkdirSync(tarballs);
  mkdirSync(consumer);

  const workspaces = packages.flatMap(({ manifest }) => ['-w', manifest.name]);
  packed = JSON.parse(
    await npm(['pack', '--json', '--pack-destination', tarballs, ...workspaces], repoRoot),
  ) as Packed[];

  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  await npm(
    [
      'install',
      ...packed.map((tarball) => join(tarballs, tarball.filename)),
      `typescript@${typescriptVersion}`,
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    consumer,
  );
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packages as npm packs them, installed into a fresh project', () => {
  it('packs every publishable package, and each installs from its tarball', () => {
    expect(packed.map((tarball) => tarball.name).sort()).toEqual(
      packages.map(({ manifest }) => manifest.name).sort(),
    );
    for (const { manifest } of packages) {
      expect(packed.find((entry) => entry.name === manifest.name)?.filename).toBe(tarballName(manifest.name));
      expect(readManifest(join(consumer, 'node_modules', manifest.name)).version).toBe(manifest.version);
    }
  });

  it('ships no test-only file', () => {
    const found = packed.flatMap((tarball) =>
      tarball.files
        .map((file) => file.path)
        .filter((path) => testOnlyFile.some((pattern) => pattern.test(path)))
        .map((path) => `${tarball.name}: ${path}`),
    );
    expect(found).toEqual([]);
  });

  it("every module a package's .d.ts imports has its types in that package's dependencies or peerDependencies", () => {
    const problems: string[] = [];
    for (const { manifest } of packages) {
      const installed = join(consumer, 'node_modules', manifest.name);
      const declared = { ...manifest.dependencies, ...manifest.peerDependencies };
      const specifiers = new Set<string>();
      const declarationFiles = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.d\.[cm]?ts$/.test(file) && !file.startsWith('node_modules'),
      );
      for (const file of declarationFiles) {
        const info = ts.preProcessFile(readFileSync(join(installed, file), 'utf8'), true, true);
        for (const { fileName } of info.importedFiles)
          if (!fileName.startsWith('.')) specifiers.add(fileName);
        for (const { fileName } of info.typeReferenceDirectives) specifiers.add(`@types/${fileName}`);
      }
      for (const specifier of specifiers) {
        const builtin = specifier.startsWith('node:') || builtinModules.includes(specifier);
        const name = builtin
          ? 'node'
          : specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/');
        if (name === manifest.name) continue;
        const typesPackage = `@types/${name.replace(/^@([^/]+)\/(.+)$/, '$1__$2')}`;
        if (builtin || name.startsWith('@types/')) {
          const needed = builtin ? '@types/node' : name;
          if (!(needed in declared))
            problems.push(`${manifest.name} imports ${specifier}, without ${needed}`);
          continue;
        }
        if (!(name in declared)) {
          problems.push(`${manifest.name} imports ${specifier}, which is not a dependency or peer`);
          continue;
        }
        if (!shipsTypes(join(consumer, 'node_modules', name)) && !(typesPackage in declared)) {
          problems.push(
            `${manifest.name} imports ${specifier}, whose types (${typesPackage}) it does not declare`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  // A host is an ES module or a CommonJS one: each is its own program (importing both builds of
  // one package into a program would declare its globals twice, as it would define them twice).
  // Two compilers at once: each writes and checks its own files.
  it.concurrent.each([
    ['ES module', 'index.ts', 'esm'],
    ['CommonJS', 'index.cts', 'cjs'],
  ] as const)(
    'a strict TypeScript %s (skipLibCheck false, module nodenext) type-checks an import of every entry point',
    async (_kind, file, kind) => {
      const source = consumerSource(kind);
      writeFileSync(join(consumer, file), source);
      const config = `tsconfig.${kind}.json`;
      writeFileSync(
        join(consumer, config),
        `${JSON.stringify(
          {
            compilerOptions: {
              strict: true,
              skipLibCheck: false,
              module: 'nodenext',
              moduleResolution: 'nodenext',
              target: 'es2022',
              resolveJsonModule: true,
              noEmit: true,
            },
            files: [file],
          },
          null,
          2,
        )}\n`,
      );
      const tsc = join(consumer, 'node_modules', 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '-p', join(consumer, config)], { cwd: consumer }).then(
        ({ stdout }) => ({ ok: true, output: stdout }),
        (error: { stdout?: string; stderr?: string }) => ({
          ok: false,
          output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
        }),
      );
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
      // Nothing was left out: every package is imported, and ESM imports every export subpath.
      for (const { manifest } of packages.filter((entry) => entry.manifest.exports?.['.'] !== undefined)) {
        expect(source).toContain(kind === 'esm' ? `from '${manifest.name}'` : `require('${manifest.name}')`);
      }
      if (kind === 'esm')
        expect(source).toContain("from '@affiliate-commerce/webhook-verify/test-vectors.json'");
    },
    300_000,
  );

  it('the command line tool runs from its installed bin', async () => {
    for (const { manifest } of packages) {
      for (const bin of Object.keys(manifest.bin ?? {})) {
        const { stdout } = await run(join(consumer, 'node_modules', '.bin', bin), ['--help'], {
          cwd: consumer,
        });
        expect(stdout, bin).toContain(`Usage: ${bin}`);
      }
    }
  });
});

describe('the packages as they are published', () => {
  it.each(packages.map(({ manifest }) => [manifest.name, manifest] as const))(
    '%s publishes publicly, with provenance',
    (_name, manifest) => {
      expect(manifest.publishConfig).toEqual({ access: 'public', provenance: true });
    },
  );

  it.each(packages.map(({ dir, manifest }) => [manifest.name, dir] as const))(
    "%s: its README's Install section installs from npm, and from the tarballs of a clone",
    (name, dir) => {
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      const install = readme.split(/^## Install$/m)[1]?.split(/^## /m)[0] ?? '';
      expect(install, 'an "## Install" section').not.toBe('');
      expect(install).toMatch(new RegExp(`npm install (--save-dev )?${name.replace('/', '\\/')}\\b`));
      // Until they are on npm, the packages it depends on come from tarballs too.
      const needed = [name, ...internalDependencies(name)];
      const [pack] = install.match(/^npm pack .*$/m) ?? [''];
      const [fromTarballs] = install.match(/^npm install .*\.tgz.*$/m) ?? [''];
      expect(
        pack
          .split(' ')
          .filter((word) => word.startsWith('@'))
          .sort(),
      ).toEqual([...needed].sort());
      expect(
        fromTarballs
          .split(' ')
          .filter((word) => word.endsWith('.tgz'))
          .sort(),
      ).toEqual(needed.map((dependency) => `./${tarballName(dependency)}`).sort());
    },
  );
});

/** The name `npm pack` gives a package's tarball. */
function tarballName(name: string): string {
  const manifest = packages.find((entry) => entry.manifest.name === name)!.manifest;
  return `${name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
}

/** The packages of this repository that `name` needs installed, through its dependencies and peers. */
function internalDependencies(name: string, found = new Set<string>()): Set<string> {
  const manifest = packages.find((entry) => entry.manifest.name === name)!.manifest;
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (found.has(dependency) || !packages.some((entry) => entry.manifest.name === dependency)) continue;
    found.add(dependency);
    internalDependencies(dependency, found);
  }
  return found;
}

/** Whether an installed package carries its own type declarations. */
function shipsTypes(dir: string): boolean {
  if (!existsSync(join(dir, 'package.json'))) return false;
  const manifest = readManifest(dir);
  const typesCondition = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).some(([key, inner]) => key === 'types' || typesCondition(inner));
  return (
    manifest.types !== undefined ||
    manifest.typings !== undefined ||
    typesCondition(manifest.exports) ||
    existsSync(join(dir, 'index.d.ts'))
  );
}
