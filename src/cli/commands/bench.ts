import { InputError } from '../inputs.js';
import { checkOutput, writeOutput } from '../outputs.js';
import { UsageError } from '../usage.js';
import type { CommandResult } from './result.js';

interface BenchModule {
  canRecord(): boolean;
  runBenchmarks(options: {
    corpusDir?: string;
    quick?: boolean;
    out?: string;
    record?: boolean;
    log?: (line: string) => void;
  }): Promise<{ rows: unknown[]; inputBytes: number; outputBytes: number; keyframes: number; files: number; machine: string; markdown: string }>;
}

/**
 * The benchmark suite ships with the command line's package (dist/bench). It generates its corpus into the user's
 * cache (or --corpus), prints the tables, and writes files only where --out says, or, in a development
 * checkout, bench/RESULTS.md and its history with --record.
 */
export async function bench(options: { corpus?: string; quick?: boolean; out?: string; record?: boolean; force?: boolean; json?: boolean }, print: (line: string) => void): Promise<CommandResult> {
  // Loaded on demand: only `bench` pays for tinybench and the corpus generator.
  const suite: BenchModule = await import('../../../bench/run.js');
  if (options.record && !suite.canRecord()) throw new UsageError('--record writes bench/RESULTS.md in a development checkout of gameanim; use --out FILE here');
  if (options.record && options.quick) throw new UsageError('--record keeps full runs only; drop --quick');
  try {
    if (options.out) checkOutput(options.out, { force: options.force ?? false });
    const log = options.json ? () => {} : print;
    const run = await suite.runBenchmarks({ corpusDir: options.corpus, quick: options.quick, record: options.record, log });
    // --out is written here, under the write rule (atomically), not by the suite.
    if (options.out) {
      writeOutput(options.out, run.markdown, { force: options.force ?? false });
      log(`wrote ${options.out}`);
    }
    if (options.json) {
      const { markdown, ...measured } = run;
      return { inputErrors: [], json: { quick: options.quick ?? false, ...measured, markdown } };
    }
  } catch (error) {
    // The corpus folder holds files gameanim did not make: refused before anything is written.
    if (error instanceof InputError || (error as { code?: unknown }).code === 'input') return { inputErrors: [(error as Error).message] };
    throw error;
  }
  return { inputErrors: [] };
}
