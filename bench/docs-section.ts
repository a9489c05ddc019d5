import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

/** Replaces (or appends) the section between `<!-- bench:<name> -->` markers of docs/benchmarks.md. */
export function writeSection(name: string, markdown: string): void {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const current = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + close.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(docs, next);
}

/** One line on the machine, for the top of a section. */
export function machineLine(): string {
  return `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on this project's 2-core machine.`;
}
