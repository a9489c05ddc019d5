/**
 * `promise`, or `'timeout'` once `ms` pass first; the timer is cleared either way. The promise
 * itself is not cancelled: its late result is dropped.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
