import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every citation in the repository points at something in the repository: the API guide
 * (docs/api.md) by a section that exists, and markdown links at files and headings that exist.
 * The interface contract and design notes that once lived outside the repository are not cited.
 */

const root = join(import.meta.dirname, '..');
const guidePath = 'docs/api.md';
const self = relative(root, import.meta.filename);

/** Tracked files, and the guide itself, that hold text. */
function textFiles(): { path: string; text: string }[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const paths = [...new Set([...tracked, guidePath])].filter(
    (path) =>
      path !== self && existsSync(join(root, path)) && !/\.(png|jpe?g|gif|ico|woff2?|wasm)$/.test(path),
  );
  return paths
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

/** The anchor GitHub gives a heading: link text kept, lower case, punctuation dropped, spaces as `-`. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The lines of a markdown file outside fenced code blocks, with their line numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line, number: index + 1 }];
  });
}

/** Every anchor of a markdown file's headings, numbered as GitHub numbers repeated ones. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const guide = readFileSync(join(root, guidePath), 'utf8');
const guideAnchors = anchorsOf(guide);

/** Section number → anchor, from the guide's numbered headings (`### 4.9 Storefront capture ...`). */
const sections = new Map(
  proseLines(guide).flatMap(({ line }) => {
    const match = /^#{2,4} (\d+(?:\.\d+)*) (.+)$/.exec(line);
    return match ? [[match[1]!, slug(`${match[1]} ${match[2]}`)] as const] : [];
  }),
);

const files = textFiles();

/** `file:line: text` for each line of every scanned file that `test` flags. */
function flagged(test: (line: string, path: string) => string | undefined): string[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, index) => {
      const problem = test(line, path);
      return problem === undefined ? [] : [`${path}:${index + 1}: ${problem}`];
    }),
  );
}

describe('citations', () => {
  it('the guide numbers its sections, each heading with its own anchor', () => {
    expect(sections.size).toBeGreaterThan(50);
    for (const anchor of sections.values()) expect(guideAnchors).toContain(anchor);
  });

  it('cite no file outside the repository (SPEC.md, DESIGN.md, "SPEC 4.9", "DESIGN")', () => {
    const outside = [/\b(?:SPEC|DESIGN)\.md\b/, /\bSPEC\b/, /\bDESIGN\b/];
    const refused = flagged((line) => {
      const match = outside.map((pattern) => pattern.exec(line)).find(Boolean);
      return match ? `cites "${match[0]}" (cite docs/api.md §N.N instead)` : undefined;
    });
    expect(refused).toEqual([]);
  });

  it('cite sections of docs/api.md that exist', () => {
    const refused = flagged((line) => {
      const unknown = [...line.matchAll(/§(\d+(?:\.\d+)*)/g)]
        .map((match) => match[1]!)
        .filter((number) => !sections.has(number));
      const badAnchors = [...line.matchAll(/\bapi\.md#([\w-]+)/g)]
        .map((match) => match[1]!)
        .filter((anchor) => !guideAnchors.has(anchor));
      const problems = [
        ...unknown.map((number) => `§${number} is not a section of docs/api.md`),
        ...badAnchors.map((anchor) => `#${anchor} is not a heading of docs/api.md`),
      ];
      return problems.length > 0 ? problems.join('; ') : undefined;
    });
    expect(refused).toEqual([]);
  });

  it('link each cited section to its own heading', () => {
    const refused = flagged(
      (line) =>
        [...line.matchAll(/\[[^\]]*§(\d+(?:\.\d+)*)[^\]]*\]\(([^)\s]*api\.md)(?:#([\w-]*))?\)/g)]
          .filter((match) => sections.has(match[1]!) && match[3] !== sections.get(match[1]!))
          .map((match) => `§${match[1]} links to #${match[3] ?? ''}, not #${sections.get(match[1]!)}`)
          .join('; ') || undefined,
    );
    expect(refused).toEqual([]);
  });

  it('link markdown to files and headings that exist', () => {
    const anchorCache = new Map<string, Set<string>>();
    const refused = files
      .filter(({ path }) => path.endsWith('.md'))
      .flatMap(({ path, text }) =>
        proseLines(text).flatMap(({ line, number }) => {
          const withoutCode = line.replace(/`[^`]*`/g, '');
          return [...withoutCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
            .map((match) => match[1]!)
            .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
            .flatMap((target) => {
              const [file = '', anchor] = target.split('#');
              const resolved = file === '' ? path : join(dirname(path), decodeURIComponent(file));
              if (!existsSync(join(root, resolved))) return [`${path}:${number}: ${target} does not exist`];
              if (anchor === undefined || !resolved.endsWith('.md')) return [];
              if (!anchorCache.has(resolved))
                anchorCache.set(resolved, anchorsOf(readFileSync(join(root, resolved), 'utf8')));
              return anchorCache.get(resolved)!.has(anchor)
                ? []
                : [`${path}:${number}: #${anchor} is not a heading of ${resolved}`];
            });
        }),
      );
    expect(refused).toEqual([]);
  });
});
