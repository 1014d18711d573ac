import { InputError } from '../inputs.js';
import { checkOutput, writeOutput } from '../outputs.js';
import { UsageError } from '../usage-error.js';
import type { CommandResult } from './result.js';
import { defineCommand, usageError } from '../command-spec.js';
import { forceFlag, jsonFlag, outFlag, switchFlag, textFlag } from '../common-flags.js';

interface BenchModule {
  canRecord(): boolean;
  runBenchmarks(options: { corpusDir?: string; quick?: boolean; out?: string; record?: boolean; log?: (line: string) => void }): Promise<{
    rows: unknown[];
    inputBytes: number;
    outputBytes: number;
    keyframes: number;
    files: number;
    machine: string;
    markdown: string;
  }>;
}

/**
 * The benchmark suite ships with the command line's package (dist/bench). It generates its corpus into the user's
 * cache (or --corpus), prints the tables, and writes files only where --out says, or, in a development
 * checkout, bench/RESULTS.md and its history with --record.
 */
export async function bench(
  options: { corpus?: string; quick?: boolean; out?: string; record?: boolean; force?: boolean; json?: boolean },
  print: (line: string) => void,
): Promise<CommandResult> {
  // Loaded on demand: only `bench` pays for tinybench and the corpus generator.
  const suite: BenchModule = await import('../../../bench/run.js');
  if (options.record && !suite.canRecord())
    throw new UsageError('--record writes bench/RESULTS.md in a development checkout of gameanim; use --out FILE here');
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

/** `gameanim bench [--corpus DIR] [--quick] [--out FILE [--force]] [--record] [--json]`. */
export const benchSpec = defineCommand({
  name: 'bench',
  help: `usage: gameanim bench [--corpus DIR] [--quick] [--out FILE] [--record] [--json]

Runs the benchmark suite: decoding an SA-sized corpus with each backend against the naive baseline
and the memcpy bound, then playback against THREE.AnimationMixer (when three is installed). The
corpus is generated once into DIR (default: ~/.cache/gameanim/bench-corpus, or $XDG_CACHE_HOME).
DIR must be new, empty, or a corpus gameanim made (it leaves a .gameanim-corpus marker): no other
files are ever replaced. The tables are printed; --out writes them to FILE (an existing FILE only
with --force). In a development checkout, --record writes
bench/RESULTS.md and appends to bench/history/. --quick runs a tiny corpus: its rows under 1 ms are
labelled too small to mean anything, and its targets are not judged. Peak memory per decoder is
measured in a fresh child process.`,
  overview: [
    {
      usage: 'bench [--corpus DIR] [--quick] [--out FILE [--force]] [--record] [--json]',
      summary: 'the benchmark suite on a generated SA-sized corpus',
    },
  ],
  flags: { corpus: textFlag, quick: switchFlag, out: outFlag, record: switchFlag, force: forceFlag, json: jsonFlag },
  parse(values, positionals, context) {
    if (positionals.length) throw usageError(context, 'bench takes no FILE');
    return {
      corpus: values.corpus,
      quick: Boolean(values.quick),
      out: values.out,
      record: Boolean(values.record),
      force: Boolean(values.force),
      json: Boolean(values.json),
    };
  },
  run: (options, print) => bench(options, print),
});
