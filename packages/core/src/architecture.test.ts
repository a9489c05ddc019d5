import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of core, bottom to top (docs/architecture.md), as a table of folders: every folder
 * that holds a shipped file is named by exactly one layer (`./` is the entry files at the root),
 * and a folder is the unit of every check. A file may import its own layer or a lower one, never
 * a higher one; no two folders may import each other, directly or round a longer loop.
 */
interface Layer {
  readonly name: string;
  readonly holds: readonly string[];
  /** Imports between two folders of this layer that are allowed: `{ from: [to, ...] }`. Other layers' folders import each other freely (cycles still fail). */
  readonly lateral?: Readonly<Record<string, readonly string[]>>;
}

/** The product's areas: each one's use cases, input, views, access and routes, no store. */
const areas = [
  'areas/billing/',
  'areas/cases/',
  'areas/clinical-orders/',
  'areas/commerce-records/',
  'areas/coupons/',
  'areas/event-log/',
  'areas/journeys/',
  'areas/orders/',
  'areas/patients/',
  'areas/subscriptions/',
  'areas/webhooks/',
];

const layers: readonly Layer[] = [
  // Errors, the host-call edge, optimistic updates.
  { name: 'base', holds: ['base/'] },
  // Ports to the world outside storage, each with its Node or sandbox implementation.
  {
    name: 'ports',
    holds: [
      'ports/',
      'ports/net/',
      'ports/rate-limit/',
      'ports/case-system/',
      'ports/payments/',
      'ports/telemetry/',
    ],
  },
  // The runtime's crypto, IDNA and default HTTP client and resolver, behind `#platform`.
  { name: 'platform', holds: ['platform/'] },
  // Attribution rules and the event dictionary with its payload rules.
  { name: 'rules', holds: ['rules/attribution/', 'rules/events/', 'rules/filters/'] },
  // What use cases are written against: the storage port with every store port (the mirror of
  // storage-postgres and impl/memory), and the service's dependencies with the options they name.
  { name: 'contracts', holds: ['storage/', 'deps/'] },
  // The route shape and input reading that routes and use cases build on.
  { name: 'http kit', holds: ['http/'] },
  // Event emission: areas call down into it; it reads other records only through `Storage`.
  { name: 'outbox', holds: ['outbox/'] },
  {
    name: 'areas',
    holds: areas,
    lateral: {
      // The commerce calls of these areas take the order input's shared field schemas; a clinical
      // order is also one of the record kinds, whose event rules live in commerce-records/record-kinds.ts.
      'areas/clinical-orders/': ['areas/commerce-records/', 'areas/orders/'],
      'areas/commerce-records/': ['areas/orders/'],
      'areas/journeys/': ['areas/orders/'],
      'areas/subscriptions/': ['areas/orders/'],
    },
  },
  // The delivery worker and the delivery routes: reads webhooks and the outbox.
  { name: 'worker', holds: ['worker/'] },
  { name: 'implementations', holds: ['impl/memory/', 'impl/sandbox/'] },
  // The kernel, its access, CORS and path matching, the route table and the OpenAPI document.
  { name: 'kernel', holds: ['kernel/'] },
  // The package's entry files and the service they export.
  { name: 'entries', holds: ['./'] },
];

/** Bare specifiers of test runners and test kits; shipped code never imports them. */
const testOnlyPackages = ['vitest', '@vitest/', '@affiliate-commerce/testkit', 'fast-check', 'msw'];

interface Import {
  /** The importing file, relative to `src`, with `/`. */
  readonly from: string;
  /** The specifier as written. */
  readonly specifier: string;
  /** The file it resolves to, relative to `src`; undefined for packages and files outside `src`. */
  readonly to?: string;
}

interface Placement {
  readonly layer: number;
  /** The file's folder: the unit of the lateral and cycle checks. */
  readonly unit: string;
}

const srcDir = dirname(fileURLToPath(import.meta.url));
const isTestFile = (file: string): boolean => /\.test\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const toPosix = (path: string): string => path.split(sep).join('/');

function specifiersOf(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(fromPath: string, specifier: string): string | undefined {
  const base = join(dirname(fromPath), specifier.replace(/\.js$/, ''));
  const hit = [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
  if (hit === undefined) return undefined;
  const inside = toPosix(relative(srcDir, hit));
  return inside.startsWith('../') ? undefined : inside;
}

const platformSpecifier = '#platform';
const platformBuilds = ['platform/node.ts', 'platform/web.ts'];

/** Every import of core's shipped (non-test) files. */
function shippedImports(): Import[] {
  return sourceFiles(srcDir)
    .filter((path) => !isTestFile(path))
    .flatMap((path) => {
      const from = toPosix(relative(srcDir, path));
      return specifiersOf(path).flatMap((specifier): Import[] => {
        // `#platform` (package.json "imports") is either build, whichever the runtime picks.
        if (specifier === platformSpecifier) return platformBuilds.map((to) => ({ from, specifier, to }));
        const to = specifier.startsWith('.') ? resolveRelative(path, specifier) : undefined;
        return to === undefined ? [{ from, specifier }] : [{ from, specifier, to }];
      });
    });
}

/** The folder of a file relative to `src`, with its trailing `/`; `./` for the root. */
const folderOf = (file: string): string =>
  file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : './';

/** The layer of a file: the one layer that names its folder; a string says why there is none. */
function place(file: string, table: readonly Layer[]): Placement | string {
  const folder = folderOf(file);
  const owners = table.flatMap((layer, index) => (layer.holds.includes(folder) ? [index] : []));
  if (owners.length === 0)
    return `${file} is in no layer: add its folder ${folder} to the table in architecture.test.ts`;
  if (owners.length > 1)
    return `${file} is claimed by layers ${owners.map((index) => table[index]?.name).join(' and ')}`;
  return { layer: owners[0]!, unit: folder };
}

/** Files the table does not place exactly once. */
function unplaced(files: readonly string[], table: readonly Layer[]): string[] {
  return files.flatMap((file) => {
    const placement = place(file, table);
    return typeof placement === 'string' ? [placement] : [];
  });
}

const placed = (file: string, table: readonly Layer[]): Placement | undefined => {
  const placement = place(file, table);
  return typeof placement === 'string' ? undefined : placement;
};

/** Imports to a higher layer, and imports between two folders of one layer that its `lateral` does not list. */
function upwardImports(imports: readonly Import[], table: readonly Layer[]): string[] {
  return imports.flatMap(({ from, specifier, to }) => {
    if (to === undefined) return [];
    const source = placed(from, table);
    const target = placed(to, table);
    if (!source || !target) return [];
    const sourceLayer = table[source.layer]!;
    const targetLayer = table[target.layer]!;
    if (target.layer > source.layer)
      return [
        `${from} imports '${specifier}' (${to}): ${sourceLayer.name} may not import ${targetLayer.name}, a higher layer`,
      ];
    const lateral = sourceLayer.lateral;
    if (
      target.layer === source.layer &&
      lateral !== undefined &&
      source.unit !== target.unit &&
      !(lateral[source.unit] ?? []).includes(target.unit)
    )
      return [
        `${from} imports '${specifier}' (${to}): ${source.unit} may not import ${target.unit}; list it in the layer's lateral imports with a reason, or move the code down`,
      ];
    return [];
  });
}

/** Strongly connected groups of more than one node (Tarjan), each as one line naming an import per hop. */
function cycles(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group);
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return found.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    return `cycle: ${shortestLoop(start, members, edges).join(' → ')}${group.length > 2 ? ` (one loop of ${[...members].sort().join(', ')})` : ''}`;
  });
}

/** The shortest way from `start` back to itself inside one strongly connected group, each hop with the import that makes it. */
function shortestLoop(
  start: string,
  members: ReadonlySet<string>,
  edges: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length && !cameFrom.has(start); head++) {
    const node = queue[head]!;
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  const hops: string[] = [];
  let node = start;
  do {
    const previous = cameFrom.get(node)!;
    hops.unshift(`${node} [${edges.get(previous)?.get(node)}]`);
    node = previous;
  } while (node !== start);
  return [start, ...hops];
}

function graphOf(
  imports: readonly Import[],
  nodeOf: (file: string) => string | undefined,
): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const { from, specifier, to } of imports) {
    if (to === undefined) continue;
    const source = nodeOf(from);
    const target = nodeOf(to);
    if (source === undefined || target === undefined || source === target) continue;
    const out = edges.get(source) ?? new Map<string, string>();
    if (!out.has(target)) out.set(target, `${from} imports '${specifier}'`);
    edges.set(source, out);
  }
  return edges;
}

/** Cycles between files, and between folders: two folders that import each other are a cycle. */
function importCycles(imports: readonly Import[], table: readonly Layer[]): string[] {
  return [
    ...cycles(graphOf(imports, (file) => file)),
    ...cycles(graphOf(imports, (file) => placed(file, table)?.unit)),
  ];
}

function testCodeImports(imports: readonly Import[]): string[] {
  return imports.flatMap(({ from, specifier, to }) => {
    const testPackage = testOnlyPackages.some(
      (name) => specifier === name || specifier.startsWith(name.endsWith('/') ? name : `${name}/`),
    );
    const testFile = to !== undefined && isTestFile(to);
    return testPackage || testFile
      ? [`${from} imports '${specifier}': shipped code may not import test code or a test runner`]
      : [];
  });
}

/**
 * The Node build: the only shipped files that import Node built-ins or undici, so everything
 * else bundles for a platform without them (a Workers bundle without `nodejs_compat`). Other
 * files reach it only through `#platform`; hosts reach it through `@affiliate-commerce/core/node`.
 */
const nodeBuild = [
  'platform/node.ts',
  'ports/net/node-http-client.ts',
  'ports/net/node-resolver.ts',
  'node-api.ts',
];
const isNodeOnlyPackage = (specifier: string): boolean =>
  specifier.startsWith('node:') || specifier === 'undici' || specifier.startsWith('undici/');

function nodeOnlyImports(imports: readonly Import[]): string[] {
  return imports.flatMap(({ from, specifier, to }) => {
    if (nodeBuild.includes(from) || specifier === platformSpecifier) return [];
    if (isNodeOnlyPackage(specifier))
      return [`${from} imports '${specifier}': only the Node build (${nodeBuild.join(', ')}) may`];
    if (to !== undefined && nodeBuild.includes(to))
      return [`${from} imports '${specifier}' (${to}), part of the Node build: go through '#platform'`];
    return [];
  });
}

describe('architecture: imports point down (docs/architecture.md)', () => {
  const imports = shippedImports();
  const files = [...new Set(imports.map((entry) => entry.from))];

  it('places every shipped file in exactly one layer', () => {
    const all = sourceFiles(srcDir)
      .filter((path) => !isTestFile(path))
      .map((path) => toPosix(relative(srcDir, path)));
    expect(all.length).toBeGreaterThan(100);
    expect(unplaced(all, layers)).toEqual([]);
    expect(files.every((file) => all.includes(file))).toBe(true);
  });

  it('has no import from a lower layer to a higher one, nor between domains unless listed', () => {
    expect(upwardImports(imports, layers)).toEqual([]);
  });

  it('has no import cycle between files or folders', () => {
    expect(importCycles(imports, layers)).toEqual([]);
  });

  it('ships no import of test code, vitest or the testkit', () => {
    expect(testCodeImports(imports)).toEqual([]);
  });

  it('imports Node built-ins and undici only in the Node build', () => {
    expect(nodeOnlyImports(imports)).toEqual([]);
  });

  describe('the checks themselves', () => {
    const table: readonly Layer[] = [
      { name: 'low', holds: ['low/'] },
      { name: 'mid', holds: ['mid/', 'side/'], lateral: { 'side/': ['mid/'] } },
      { name: 'high', holds: ['high/', './'] },
    ];

    it('names the file and import that points up', () => {
      const found = upwardImports(
        [
          { from: 'low/a.ts', specifier: '../high/b', to: 'high/b.ts' },
          { from: 'high/b.ts', specifier: '../low/a', to: 'low/a.ts' },
        ],
        table,
      );
      expect(found).toEqual([
        "low/a.ts imports '../high/b' (high/b.ts): low may not import high, a higher layer",
      ]);
    });

    it('places a file by its folder alone, the root files by ./', () => {
      expect(place('mid/deep/a.ts', table)).toBe(
        'mid/deep/a.ts is in no layer: add its folder mid/deep/ to the table in architecture.test.ts',
      );
      expect(place('index.ts', table)).toEqual({ layer: 2, unit: './' });
    });

    it('allows only the listed lateral imports', () => {
      const found = upwardImports(
        [
          { from: 'side/a.ts', specifier: '../mid/b', to: 'mid/b.ts' },
          { from: 'mid/b.ts', specifier: '../side/c', to: 'side/c.ts' },
        ],
        table,
      );
      expect(found).toEqual([
        "mid/b.ts imports '../side/c' (side/c.ts): mid/ may not import side/; list it in the layer's lateral imports with a reason, or move the code down",
      ]);
    });

    it('finds a cycle between files and between folders', () => {
      const found = importCycles(
        [
          { from: 'low/a.ts', specifier: './b', to: 'low/b.ts' },
          { from: 'low/b.ts', specifier: './a', to: 'low/a.ts' },
          { from: 'mid/c.ts', specifier: '../side/d', to: 'side/d.ts' },
          { from: 'side/d.ts', specifier: '../mid/e', to: 'mid/e.ts' },
        ],
        table,
      );
      expect(found).toEqual([
        "cycle: low/a.ts → low/b.ts [low/a.ts imports './b'] → low/a.ts [low/b.ts imports './a']",
        "cycle: mid/ → side/ [mid/c.ts imports '../side/d'] → mid/ [side/d.ts imports '../mid/e']",
      ]);
    });

    it('finds test code in shipped code', () => {
      const found = testCodeImports([
        { from: 'low/a.ts', specifier: 'vitest' },
        { from: 'low/a.ts', specifier: '@affiliate-commerce/testkit' },
        { from: 'low/a.ts', specifier: './a.test', to: 'low/a.test.ts' },
        { from: 'low/a.ts', specifier: 'zod' },
      ]);
      expect(found).toHaveLength(3);
      expect(found[0]).toBe(
        "low/a.ts imports 'vitest': shipped code may not import test code or a test runner",
      );
    });

    it('finds Node-only imports outside the Node build', () => {
      expect(
        nodeOnlyImports([
          { from: 'low/a.ts', specifier: 'node:crypto' },
          { from: 'low/a.ts', specifier: 'undici' },
          { from: 'low/a.ts', specifier: '../net/node-resolver', to: 'ports/net/node-resolver.ts' },
          { from: 'low/a.ts', specifier: '#platform', to: 'platform/node.ts' },
          { from: 'platform/node.ts', specifier: 'node:crypto' },
        ]),
      ).toEqual([
        "low/a.ts imports 'node:crypto': only the Node build (platform/node.ts, ports/net/node-http-client.ts, ports/net/node-resolver.ts, node-api.ts) may",
        "low/a.ts imports 'undici': only the Node build (platform/node.ts, ports/net/node-http-client.ts, ports/net/node-resolver.ts, node-api.ts) may",
        "low/a.ts imports '../net/node-resolver' (ports/net/node-resolver.ts), part of the Node build: go through '#platform'",
      ]);
    });

    it('refuses a file no layer holds, or two layers hold alike', () => {
      expect(unplaced(['nowhere/a.ts', 'low/a.ts'], [...table, { name: 'again', holds: ['low/'] }])).toEqual([
        'nowhere/a.ts is in no layer: add its folder nowhere/ to the table in architecture.test.ts',
        'low/a.ts is claimed by layers low and again',
      ]);
    });
  });
});
