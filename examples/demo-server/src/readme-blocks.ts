/** A fenced code block of a Markdown file, with the section it sits under. */
export interface MarkdownBlock {
  /** The fence's info string, e.g. `ts` or `sh`. */
  readonly lang: string;
  readonly code: string;
  /** The text of the nearest heading above the block. */
  readonly section: string;
  /** 1-based line in the file of the block's first code line. */
  readonly line: number;
}

/**
 * The fenced code blocks of `markdown`, in order.
 *
 * @example
 * readmeBlocks('## Setup\n```sh\nnpm ci\n```\n') // [{ lang: 'sh', code: 'npm ci', section: 'Setup', line: 3 }]
 */
export function readmeBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let section = '';
  let open: { lang: string; line: number; lines: string[] } | undefined;
  for (const [index, text] of markdown.split('\n').entries()) {
    if (open) {
      if (/^```\s*$/.test(text)) {
        blocks.push({ lang: open.lang, code: open.lines.join('\n'), section, line: open.line });
        open = undefined;
      } else open.lines.push(text);
      continue;
    }
    const fence = /^```(\S*)/.exec(text);
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(text);
    if (fence) open = { lang: fence[1]!, line: index + 2, lines: [] };
    else if (heading) section = heading[1]!;
  }
  if (open) throw new Error(`unclosed code fence opened above line ${open.line}`);
  return blocks;
}

/** One command of a shell block: continuation lines joined, with the comment lines above it. */
export interface ShellCommand {
  /** The command as written, continuation backslashes and newlines kept. */
  readonly text: string;
  /** The latest comment group above it: it speaks for every command up to the next comment. */
  readonly comment: string;
  /** 1-based line in the file of the command's first line. */
  readonly line: number;
}

/**
 * The commands of a shell block, each with the comment that describes it.
 *
 * @example
 * shellCommands({ lang: 'sh', code: '# 201\ncurl -X POST \\\n  localhost:3000/journeys', section: '', line: 10 })
 * // [{ text: 'curl -X POST \\\n  localhost:3000/journeys', comment: '201', line: 11 }]
 */
export function shellCommands(block: MarkdownBlock): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let comment: string[] = [];
  let commentOpen = false;
  let current: { lines: string[]; line: number } | undefined;
  for (const [index, text] of block.code.split('\n').entries()) {
    if (current) current.lines.push(text);
    else if (/^\s*#/.test(text)) {
      comment = commentOpen ? [...comment, text] : [text];
      commentOpen = true;
      continue;
    } else if (text.trim() === '') continue;
    else current = { lines: [text], line: block.line + index };
    commentOpen = false;
    if (!text.endsWith('\\')) {
      const body = comment.map((line) => line.replace(/^\s*#\s?/, '')).join('\n');
      commands.push({ text: current.lines.join('\n'), comment: body, line: current.line });
      current = undefined;
    }
  }
  return commands;
}

/** The HTTP status a README comment promises for a command's calls. */
export interface PromisedStatus {
  readonly status: number;
  /** Set when only the nth call of a loop answers `status` (`the 11th answers 429`); the others 2xx. */
  readonly nth?: number;
  /** The comment promises a `Retry-After` header with that status. */
  readonly retryAfter: boolean;
}

/**
 * The status a comment names (`201 {...}`, `409 PAYMENT_METHOD_CANNOT_BE_REUSED`, `the 11th answers
 * 429`), or undefined when it names none (then 2xx is expected).
 *
 * @example
 * promisedStatus('a declined card: 402 PAYMENT_METHOD_ATTACHMENT_FAILED') // { status: 402, retryAfter: false }
 */
export function promisedStatus(comment: string): PromisedStatus | undefined {
  const retryAfter = /Retry-After/.test(comment);
  const nth = /\bthe (\d+)(?:st|nd|rd|th) answers ([1-5]\d\d)\b/.exec(comment);
  if (nth) return { status: Number(nth[2]), nth: Number(nth[1]), retryAfter };
  const codes = new Set([...comment.matchAll(/(?<![\w.-])([1-5]\d\d)(?![\w.-])/g)].map((match) => match[1]));
  if (codes.size > 1)
    throw new Error(`the comment names several statuses (${[...codes].join(', ')}): ${comment}`);
  const [status] = codes;
  return status ? { status: Number(status), retryAfter } : undefined;
}
