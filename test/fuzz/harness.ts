// Shared rules for every fuzz property: what "nothing but a decode or a DecodeError" means.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DecodeError } from '../../src/index.js';
import { arm, disarm } from './watchdog.mjs';

/** `npm test` runs a seeded quick pass; `npm run fuzz -- --seed S --runs N` sets these. */
export const FUZZ_SEED = Number(process.env['FUZZ_SEED'] ?? 20261130);
export const runs = (quick: number) => Number(process.env['FUZZ_RUNS'] ?? quick);
export const fuzzOptions = (quick: number) => ({ seed: FUZZ_SEED, numRuns: runs(quick), endOnFailure: true });

const regressions = fileURLToPath(new URL('../../fixtures/regressions/', import.meta.url));

/**
 * `npm run fuzz` (FUZZ_RECORD set) hunts for slow inputs: a decode over this limit is a finding, saved
 * with the others. `npm test` asserts no time at all, since on a loaded machine the clock measures the
 * other processes too; the watchdog there is only a hang guard, generous enough for any busy machine.
 */
const finding = Boolean(process.env['FUZZ_RECORD']);
const timeLimitMs = (bytes: number) => 2000 + bytes / 1000;
const hangLimitMs = (bytes: number) => (finding ? 10 * timeLimitMs(bytes) : 60_000 + bytes / 100);
/** Allocation guard: decoded output is at most about twice the input; this leaves room for tables and wasm pages. */
const memoryLimit = (bytes: number) => 16 * bytes + (96 << 20);

const memory = () => {
  const m = process.memoryUsage();
  return m.external + m.heapUsed;
};

/**
 * Runs `decode` on hostile bytes and fails unless it returns or throws a DecodeError, within the
 * allocation bound (and, under `npm run fuzz`, the time limit). With FUZZ_RECORD set, an input that
 * breaks the rule is saved to fixtures/regressions/ before the failure is reported.
 */
export function survives(format: string, bytes: Uint8Array, decode: (bytes: Uint8Array) => unknown): void {
  const before = memory();
  const start = performance.now();
  let failure: unknown;
  // The watchdog ends the run if the decode never returns: a hang cannot be caught by timing it here.
  arm(format, bytes, hangLimitMs(bytes.length));
  try {
    decode(bytes);
  } catch (error) {
    if (!(error instanceof DecodeError)) failure = error;
  } finally {
    disarm();
  }
  const elapsed = performance.now() - start;
  const grew = memory() - before;
  if (finding && !failure && elapsed > timeLimitMs(bytes.length))
    failure = new Error(`took ${elapsed.toFixed(0)} ms for ${bytes.length} bytes`);
  if (!failure && grew > memoryLimit(bytes.length)) failure = new Error(`grew memory by ${grew} bytes for a ${bytes.length}-byte input`);
  if (failure) {
    if (finding) {
      mkdirSync(regressions, { recursive: true });
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
      writeFileSync(`${regressions}${format.toLowerCase()}-${hash}.bin`, bytes);
    }
    throw failure;
  }
}
