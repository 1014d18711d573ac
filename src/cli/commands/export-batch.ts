// `gameanim export MODEL FILE... -o DIR`: whole games. Every package (or, with --per-animation, every
// animation) of the IFP files and IMG archives given becomes one .glb in DIR, exported on worker
// threads (--jobs N, default the machine's cores), with a progress bar. Outputs are planned and checked
// under the write rule before any work starts, so a refusal leaves nothing half done; a worker that
// fails does not end the batch (src/cli/worker-pool.ts), and each file that fails is reported.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { MissingPeerError, TXDReader } from 'gameanim';
import type { GltfWarning } from 'gameanim/gltf';
import { readModel, unitExporter, type BatchSettings, type ExportUnit, type UnitResult } from '../export-unit.js';
import { planUnits } from '../export-plan.js';
import { filesRead, InputError, readInput } from '../inputs.js';
import { plural } from '../text.js';
import { checkOutput, outputNames } from '../outputs.js';
import { startProgress } from '../progress.js';
import { runPool } from '../worker-pool.js';
import { onFile, report, type CommandResult } from './result.js';
import { append } from '../append.js';

type Gltf = typeof import('gameanim/gltf');

/** The glTF module, or a MissingPeerError (exit 3) when its optional peer is not installed (told by Node's code). */
export async function loadGltf(): Promise<Gltf> {
  try {
    return await import('gameanim/gltf');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new MissingPeerError('@gltf-transform/core', 'exporting and importing glTF', { cause: error });
  }
}

export interface BatchOptions {
  out: string;
  force: boolean;
  zUp: boolean;
  jobs?: number;
  perAnimation: boolean;
  fps?: number;
  /** --anim: only these animations (case ignored). */
  anims?: string[];
  /** --txd: the dictionary of the model's textures. */
  txd?: string;
  json?: boolean;
  /** The worker threads (tests give ones that fail); by default src/cli/export-worker.ts. */
  spawnWorker?: (settings: BatchSettings) => Worker;
}

export async function exportBatch(
  modelPath: string,
  sources: string[],
  options: BatchOptions,
  printText: (line: string) => void,
): Promise<CommandResult> {
  const { print, json } = report(printText, options.json ?? false);
  const written: Array<{ path: string; animations: number; textures: number; warnings: GltfWarning[] }> = [];
  await loadGltf();
  const modelCheck = onFile(modelPath, () => (readModel(modelPath), { inputErrors: [] }));
  if (modelCheck.inputErrors.length) return modelCheck;
  const { planned, inputErrors } = planUnits(sources, {
    anims: options.anims ?? [],
    perAnimation: options.perAnimation,
    force: options.force,
  });
  // Every file read (a .dir's .img included) is an input: never written, --force or not.
  const inputs = [modelPath, ...sources.flatMap(filesRead), ...(options.txd ? [options.txd] : [])];
  // The dictionary is read by every worker: one that cannot be read is one error, before any work.
  if (options.txd)
    append(inputErrors, onFile(options.txd, () => (new TXDReader(readInput(options.txd!)), { inputErrors: [] })).inputErrors);
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

  // Never more threads than cores (--jobs 1e9 would start a thread per file) nor than files.
  const cores = availableParallelism();
  if (options.jobs !== undefined && options.jobs > cores)
    print(`--jobs ${options.jobs}: ${plural(cores, 'worker thread')} (the machine's cores)`);
  const jobs = Math.max(1, Math.min(options.jobs ?? cores, cores, units.length));
  const settings: BatchSettings = {
    modelPath,
    zUp: options.zUp,
    force: options.force,
    fps: options.fps,
    anims: options.anims ?? [],
    txdPath: options.txd,
    inputs,
  };
  const progress = startProgress(units.length, 'exporting', print);
  let exported = 0;
  let notRun: ExportUnit[];
  try {
    notRun = await runPool(units, {
      jobs,
      spawn: options.spawnWorker
        ? () => options.spawnWorker!(settings)
        : () => new Worker(new URL('../export-worker.js', import.meta.url), { workerData: settings }),
      inProcess: () => unitExporter(settings),
      lost: (unit, why) => ({ done: false, out: unit.out, error: `not exported: ${why}` }),
      onResult: (_unit, result: UnitResult) => {
        progress.tick(result.out);
        if (result.done) {
          exported++;
          written.push({ path: result.out, animations: result.animations, textures: result.textures, warnings: result.warnings });
          progress.print(
            `${result.out}: ${plural(result.animations, 'animation')}${result.textures ? `, ${plural(result.textures, 'texture')}` : ''}`,
          );
          for (const warning of result.warnings) progress.print(`  ${warning.code}: ${warning.message}`);
        } else inputErrors.push(result.error.startsWith(result.out) ? result.error : `${result.out}: ${result.error}`);
      },
    });
  } finally {
    progress.stop();
  }
  if (notRun.length) inputErrors.push(`${options.out}: ${notRun.length} more files not exported after that write failure`);
  print(`${options.out}: ${exported} of ${plural(units.length, 'file')} exported on ${plural(jobs, 'worker thread')}`);
  return { inputErrors, json: json ? { out: options.out, planned: units.length, written, renamed, jobs } : undefined };
}
