// Latency statistics shared by the benchmark rows.

/** The q-quantile of sorted latency samples, interpolated as tinybench interpolates its own. */
export function quantile(samples: ArrayLike<number> | undefined, q: number): number | undefined {
  if (!samples || samples.length === 0) return undefined;
  const at = (samples.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.min(samples.length - 1, low + 1);
  return samples[low]! + (samples[high]! - samples[low]!) * (at - low);
}

/** p50 and p90 of a finished tinybench task (p90 from its samples: create the Bench with retainSamples). */
export function p50p90(result: unknown, name: string): { p50: number; p90: number; p99: number } {
  if (!result || typeof result !== 'object' || !('latency' in result)) throw new Error(`benchmark "${name}" did not complete`);
  const latency = (result as { latency: { p50: number; p75: number; p99: number; samples?: ArrayLike<number> } }).latency;
  return { p50: latency.p50, p90: quantile(latency.samples, 0.9) ?? latency.p75, p99: latency.p99 };
}
