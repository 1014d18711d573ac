import { UsageError } from '../usage.js';
import type { CommandResult } from './result.js';

interface BenchModule {
  runBenchmarks(options: { corpusDir?: string; quick?: boolean; log?: (line: string) => void }): Promise<unknown>;
}

/** The suite lives in bench/ (compiled to dist/bench) and needs the dev dependencies. */
export async function bench(options: { corpus?: string; quick?: boolean }, print: (line: string) => void): Promise<CommandResult> {
  let suite: BenchModule;
  try {
    suite = (await import(new URL('../../bench/run.js', import.meta.url).href)) as BenchModule;
  } catch (error) {
    throw new UsageError(`gameanim bench needs a development checkout with its dev dependencies (npm ci): ${(error as Error).message}`);
  }
  await suite.runBenchmarks({ corpusDir: options.corpus, quick: options.quick, log: print });
  return { inputErrors: [] };
}
