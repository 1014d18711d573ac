// The editor row of `npm run bench`: edit a whole SA-shaped ped.ifp (read it, rename one clip, write
// it) against reading it with IFPReader, in one run. Issue #24's target: under twice the read.
import { Bench } from 'tinybench';
import { IFPEditor, IFPReader } from 'gameanim';
import { p50p90 } from './stats.js';

export async function runEditBenchmarks({
  quick,
  log,
  ped,
}: {
  quick: boolean;
  log: (line: string) => void;
  ped: Uint8Array;
}): Promise<string> {
  const first = new IFPReader(ped).animations[0]!.name;
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 50, time: 1500, warmupIterations: 10 }),
  });
  bench.add('read: new IFPReader(ped.ifp)', () => new IFPReader(ped));
  bench.add('edit: IFPEditor.read, rename one clip, write', () => IFPEditor.read(ped).rename(first, 'renamed').write());
  log(`running 2 editor rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const [read, edit] = bench.tasks.map((task) => p50p90(task.result, task.name));
  const ratio = edit!.p50 / read!.p50;
  return [
    '## Editor: a whole ped.ifp',
    '',
    `The corpus's SA-shaped ped.ifp (${(ped.length / 1e6).toFixed(2)} MB): read with IFPReader, against edited (read into an IFPEditor, one clip renamed, written; every other animation copied as stored).`,
    '',
    '| row | p50 ms | p90 ms |',
    '|---|---:|---:|',
    `| read: new IFPReader(ped.ifp) | ${read!.p50.toFixed(2)} | ${read!.p90.toFixed(2)} |`,
    `| edit: IFPEditor.read, rename one clip, write | ${edit!.p50.toFixed(2)} | ${edit!.p90.toFixed(2)} |`,
    '',
    `Target: editing under twice the read: ${ratio.toFixed(2)}x in this run (${ratio < 2 ? 'met' : '**not met**'}).`,
    '',
  ].join('\n');
}
