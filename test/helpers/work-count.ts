// Counted, not timed: a clock on a loaded machine measures the other processes too.
import { workCount } from '../../src/core/work-count.js';

/** The units of work `work` adds to one of the library's internal counters (see src/core/work-count.ts). */
export function counted(counter: keyof typeof workCount, work: () => void): number {
  const before = workCount[counter];
  work();
  return workCount[counter] - before;
}

/** The same, for work that is awaited. */
export async function countedAsync(counter: keyof typeof workCount, work: () => Promise<unknown>): Promise<number> {
  const before = workCount[counter];
  await work();
  return workCount[counter] - before;
}
