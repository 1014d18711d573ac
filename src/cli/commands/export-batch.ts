// `gameanim export MODEL FILE... -o DIR`: whole games. Every package (or, with --per-animation, every
// animation) of the IFP files and IMG archives given becomes one .glb in DIR, exported on worker
// threads (--jobs N, default the machine's cores), with a progress bar. Outputs are planned and checked
// under the write rule before any work starts, so a refusal leaves nothing half done; a worker that
// fails does not end the batch (src/cli/worker-pool.ts), and each file that fails is reported.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { IFPReader } from 'gameanim';
import { amplificationRefusal } from '../amplification.js';
import { readModel, unitExporter, type BatchSettings, type ExportUnit, type UnitResult } from '../export-unit.js';
import { filesRead, formatOf, InputError, openArchive, readInput } from '../inputs.js';
import { checkOutput, outputNames } from '../outputs.js';
import { startProgress } from '../progress.js';
import { MissingDependencyError } from '../usage.js';
import { runPool } from '../worker-pool.js';
import { onFile, report, type CommandResult } from './result.js';
import { append } from '../append.js';

type Gltf = typeof import('gameanim/gltf');

/** The glTF module, or a MissingDependencyError (exit 3) when its optional peer is not installed. */
export async function loadGltf(): Promise<Gltf> {
  try {
    return await import('gameanim/gltf');
  } catch (error) {
    throw new MissingDependencyError(`export and import need glTF-Transform, an optional peer dependency: npm install @gltf-transform/core (${(error as Error).message.split('\n')[0]})`);
  }
}

export interface BatchOptions {
  out: string;
  force: boolean;
  zUp: boolean;
  jobs?: number;
  perAnimation: boolean;
  fps?: number;
  json?: boolean;
  /** The worker threads (tests give ones that fail); by default src/cli/export-worker.ts. */
  spawnWorker?: (settings: BatchSettings) => Worker;
}

export async function exportBatch(modelPath: string, sources: string[], options: BatchOptions, printText: (line: string) => void): Promise<CommandResult> {
  const { print, json } = report(printText, options.json ?? false);
  const written: Array<{ path: string; animations: number }> = [];
  await loadGltf();
  const modelCheck = onFile(modelPath, () => (readModel(modelPath), { inputErrors: [] }));
  if (modelCheck.inputErrors.length) return modelCheck;
  // Plan: every package (or animation) of every IFP file and IFP entry.
  const planned: Array<Omit<ExportUnit, 'out'> & { name: string }> = [];
  const inputErrors: string[] = [];
  // Every file read (a .dir's .img included) is an input: never written, --force or not.
  const inputs = [modelPath, ...sources.flatMap(filesRead)];
  for (const source of sources) {
    const result = onFile(source, () => {
      const bytes = readInput(source);
      const { format } = formatOf(source, bytes);
      const ifps: Array<{ entry?: string; bytes: Uint8Array }> = [];
      if (format.archive) {
        const { archive } = openArchive(source, bytes, true);
        const entries = archive.entries.filter((entry) => /\.ifp$/i.test(entry.name));
        // Overlapping entries would make one small archive into any number of files: img extract's bound.
        const refusal = options.force ? undefined : amplificationRefusal(source, bytes, archive, entries, 'exporting its IFP entries');
        if (refusal) throw new InputError(refusal);
        for (const entry of entries) ifps.push({ entry: entry.name, bytes: archive.read(entry) });
      } else if (format.packages) ifps.push({ bytes });
      else throw new InputError(`${source}: a ${format.name} file; export over many files takes IFP files and IMG archives`);
      for (const { entry, bytes: ifp } of ifps) {
        new IFPReader(ifp).packages.forEach((pkg, packageIndex) => {
          if (!options.perAnimation) planned.push({ source, entry, packageIndex, name: `${pkg.name}.glb` });
          else for (const animation of pkg.animations) planned.push({ source, entry, packageIndex, animation: animation.name, name: `${pkg.name}.${animation.name}.glb` });
        });
      }
      return { inputErrors: [] };
    });
    append(inputErrors, result.inputErrors);
  }
  const { files, renamed } = outputNames(planned.map((unit) => unit.name));
  for (const { from, to } of renamed) print(`renamed: ${from} -> ${to} (not a safe or distinct file name)`);
  const units: ExportUnit[] = planned.map(({ name: _name, ...unit }, i) => ({ ...unit, out: join(options.out, files[i]!) }));
  for (const unit of units) {
    try {
      checkOutput(unit.out, { force: options.force, inputs });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      inputErrors.push(error.message);
    }
  }
  if (inputErrors.length) return { inputErrors };

  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), units.length));
  const settings: BatchSettings = { modelPath, zUp: options.zUp, force: options.force, fps: options.fps, inputs };
  const progress = startProgress(units.length, 'exporting', print);
  let exported = 0;
  let notRun: ExportUnit[];
  try {
    notRun = await runPool(units, {
      jobs,
      spawn: options.spawnWorker ? () => options.spawnWorker!(settings) : () => new Worker(new URL('../export-worker.js', import.meta.url), { workerData: settings }),
      inProcess: () => unitExporter(settings),
      lost: (unit, why) => ({ done: false, out: unit.out, error: `not exported: ${why}` }),
      onResult: (_unit, result: UnitResult) => {
        progress.tick(result.out);
        if (result.done) {
          exported++;
          written.push({ path: result.out, animations: result.animations });
          progress.print(`${result.out}: ${result.animations} animations`);
        } else inputErrors.push(result.error.startsWith(result.out) ? result.error : `${result.out}: ${result.error}`);
      },
    });
  } finally {
    progress.stop();
  }
  if (notRun.length) inputErrors.push(`${options.out}: ${notRun.length} more files not exported after that write failure`);
  print(`${options.out}: ${exported} of ${units.length} files exported on ${jobs} worker thread${jobs === 1 ? '' : 's'}`);
  return { inputErrors, json: json ? { out: options.out, planned: units.length, written, renamed, jobs } : undefined };
}
