import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No shipped function is longer than a reader can hold: every function of the packages' shipped
 * sources (declarations, expressions, arrows, methods, accessors, constructors) is at most
 * `maxLines` lines, from its first line to its last. A longer one is split into named parts.
 */

const root = join(import.meta.dirname, '..');
const maxLines = 120;

/**
 * The testkit is left out: its contract suites are test suites, run in a user's test runner
 * (`describe` blocks holding every case of a store), not code that ships into a service.
 */
const skippedPackages = new Set(['testkit']);

/** Test files and test support are not shipped: `*.test.ts`, `*.test-support.ts`, `test-support/`, `.d.ts`. */
const isShipped = (path: string): boolean =>
  /\.tsx?$/.test(path) &&
  !path.endsWith('.d.ts') &&
  !/\.test\.tsx?$/.test(path) &&
  !/\.test-support\.tsx?$/.test(path) &&
  !path.split(sep).includes('test-support');

function shippedFiles(): string[] {
  const packages = join(root, 'packages');
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !skippedPackages.has(entry.name))
    .flatMap((entry) => {
      const src = join(packages, entry.name, 'src');
      try {
        return readdirSync(src, { recursive: true, withFileTypes: true })
          .filter((file) => file.isFile())
          .map((file) => join(file.parentPath, file.name));
      } catch {
        return [];
      }
    })
    .filter((path) => !path.split(sep).includes('node_modules') && isShipped(path))
    .sort();
}

interface Measured {
  readonly where: string;
  readonly name: string;
  readonly lines: number;
}

/** The name a reader would look for: the declared name, else what the function is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

function measure(path: string): Measured[] {
  const text = readFileSync(path, 'utf8');
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      found.push({
        where: `${relative(root, path).split(sep).join('/')}:${first + 1}`,
        name: nameOf(fn),
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  it(`keeps every shipped function to ${maxLines} lines`, () => {
    const files = shippedFiles();
    expect(files.length).toBeGreaterThan(100);
    const all = files.flatMap(measure).sort((a, b) => b.lines - a.lines);
    console.info(
      `The five longest shipped functions:\n${all
        .slice(0, 5)
        .map((fn) => `  ${fn.lines} lines  ${fn.name}  ${fn.where}`)
        .join('\n')}`,
    );
    const tooLong = all
      .filter((fn) => fn.lines > maxLines)
      .map((fn) => `${fn.name} (${fn.where}): ${fn.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
