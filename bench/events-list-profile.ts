import { Session } from 'node:inspector/promises';

/** Where a page's time goes, as a sampling CPU profile of this process sees it. */
export const parts = [
  'waiting for PostgreSQL',
  'driver: rows parsed (jsonb through JSON.parse, dates)',
  'sockets: queries written, answers read',
  'v2 payloads (`buildV2Payload`)',
  'answer text (`JSON.stringify`) and its `Response`',
  'garbage collection',
  'the rest: routing, token, query, cursor, promises',
] as const;

/** One of {@link parts}. */
export type Part = (typeof parts)[number];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** The part a frame stands for, or undefined to ask its caller. */
function partOf(frame: ProfileNode['callFrame']): Part | undefined {
  const { functionName: name, url } = frame;
  if (name === '(idle)') return 'waiting for PostgreSQL';
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === 'buildV2Payload') return 'v2 payloads (`buildV2Payload`)';
  if (name === 'json' && url.endsWith('/http/reply.ts'))
    return 'answer text (`JSON.stringify`) and its `Response`';
  if (url.includes('/pg/lib/result.js')) return 'driver: rows parsed (jsonb through JSON.parse, dates)';
  if (name === 'writev' || name === 'onStreamRead' || name === 'writeUtf8String')
    return 'sockets: queries written, answers read';
  return undefined;
}

/**
 * Runs `pages` pages one after another under the V8 sampling profiler and splits their time
 * into {@link parts}: each sample goes to the nearest frame, from the running one outwards,
 * that names a part (`JSON.parse` inside the driver's row parser is the driver's; `JSON.stringify`
 * inside the kernel's reply is the answer's). Milliseconds per page; the profiler adds a little.
 *
 * @example
 * const split = await profilePages((i) => service.handle(request(i)).then((r) => r.arrayBuffer()), 300);
 */
export async function profilePages(
  call: (i: number) => Promise<unknown>,
  pages: number,
): Promise<Record<Part, number>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < pages; i += 1) await call(i);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id);
  const split = Object.fromEntries(parts.map((part) => [part, 0])) as Record<Part, number>;
  const deltas = profile.timeDeltas ?? [];
  for (const [k, sample] of (profile.samples ?? []).entries()) {
    let id: number | undefined = sample;
    let part: Part | undefined;
    while (id !== undefined && part === undefined) {
      part = partOf(nodes.get(id)!.callFrame);
      id = parent.get(id);
    }
    split[part ?? 'the rest: routing, token, query, cursor, promises'] += (deltas[k] ?? 0) / 1000 / pages;
  }
  return split;
}
