/** Resolves once `check` is true, checking every 10 ms; rejects after `timeoutMs`. Test code only. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
