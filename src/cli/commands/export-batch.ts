// `gameanim export MODEL FILE... -o DIR`: whole games. Every package (or, with --per-animation, every
// animation) of the IFP files and IMG archives given becomes one .glb in DIR, exported on worker
// threads (--jobs N, default the machine's cores), with a progress bar. Outputs are planned and checked
// under the write rule before any work starts, so a refusal leaves nothing half done.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { IFPReader } from 'gameanim';
import type { SkeletalClip } from 'gameanim';
import { formatOf, InputError, openArchive, readInput } from '../inputs.js';
import { checkOutput, outputNames } from '../outputs.js';
import { startProgress } from '../progress.js';
import { MissingDependencyError } from '../usage.js';
import { onFile, report, type CommandResult } from './result.js';
import { append } from '../append.js';

/** One .glb to make: a package of a file (or of an IMG entry), or one animation of it. */
export interface ExportUnit {
  source: string;
  entry?: string;
  packageIndex: number;
  animation?: string;
  out: string;
}

type Gltf = typeof import('gameanim/gltf');

/** The glTF module, or a MissingDependencyError (exit 3) when its optional peer is not installed. */
export async function loadGltf(): Promise<Gltf> {
  try {
    return await import('gameanim/gltf');
  } catch (error) {
    throw new MissingDependencyError(`export and import need glTF-Transform, an optional peer dependency: npm install @gltf-transform/core (${(error as Error).message.split('\n')[0]})`);
  }
}

export function readModel(path: string) {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  const reader = format.open(bytes);
  const skeleton = format.skeleton?.(reader);
  if (!skeleton) throw new InputError(`${path}: has no skeleton (a ${format.name} file${format.skeleton ? ' without a bone hierarchy' : ''})`);
  const model = format.model?.(reader) as { geometries?: readonly unknown[]; boneOfFrame?: ArrayLike<number> } | undefined;
  // The frame of each rigid atomic's bone, so its mesh moves with it (a frame-bound model: GTA III peds).
  return { skeleton, geometries: (model?.geometries ?? []) as [], boneOfFrame: model?.boneOfFrame };
}

/** The last archive a worker opened: its units come in archive order, so each is read once, not per entry. */
let lastArchive: { source: string; archive: ReturnType<typeof openArchive>['archive'] } | undefined;

/** The IFP bytes a unit's source holds: the file, or its IMG entry. */
function unitBytes(source: string, entry: string | undefined): Uint8Array {
  if (entry === undefined) return readInput(source);
  if (lastArchive?.source !== source) lastArchive = { source, archive: openArchive(source, readInput(source), true).archive };
  const { archive } = lastArchive;
  const found = archive.find(entry);
  if (!found) throw new InputError(`${source} has no entry named "${entry}"`);
  return archive.read(found);
}

export function unitClips(unit: ExportUnit): SkeletalClip[] {
  const pkg = new IFPReader(unitBytes(unit.source, unit.entry)).packages[unit.packageIndex]!;
  return unit.animation === undefined ? pkg.animations : pkg.animations.filter((a) => a.name === unit.animation);
}

export interface BatchOptions {
  out: string;
  force: boolean;
  zUp: boolean;
  jobs?: number;
  perAnimation: boolean;
  fps?: number;
  json?: boolean;
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
  for (const source of sources) {
    const result = onFile(source, () => {
      const bytes = readInput(source);
      const { format } = formatOf(source, bytes);
      const ifps: Array<{ entry?: string; bytes: Uint8Array }> = [];
      if (format.archive) {
        const { archive } = openArchive(source, bytes, true);
        for (const entry of archive.entries) if (/\.ifp$/i.test(entry.name)) ifps.push({ entry: entry.name, bytes: archive.read(entry) });
      } else if (format.namedClips) ifps.push({ bytes });
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
      checkOutput(unit.out, { force: options.force, inputs: [modelPath, unit.source] });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      inputErrors.push(error.message);
    }
  }
  if (inputErrors.length) return { inputErrors };

  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), units.length));
  const progress = startProgress(units.length, 'exporting', print);
  let exported = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let finished = 0;
      const workers = Array.from({ length: jobs }, () => new Worker(new URL('../export-worker.js', import.meta.url), { workerData: { modelPath, zUp: options.zUp, force: options.force, fps: options.fps } }));
      const feed = (worker: Worker) => {
        if (next < units.length) worker.postMessage(units[next++]);
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', (message: { ready?: boolean; done?: boolean; out: string; animations?: number; error?: string }) => {
          if (!message.ready) {
            progress.tick(message.out);
            if (message.done) {
              exported++;
              written.push({ path: message.out, animations: message.animations ?? 0 });
              progress.print(`${message.out}: ${message.animations} animations`);
            } else inputErrors.push(`${message.out}: ${message.error}`);
            if (++finished === units.length) {
              for (const w of workers) void w.terminate();
              resolve();
              return;
            }
          }
          feed(worker);
        });
      }
      if (units.length === 0) {
        for (const w of workers) void w.terminate();
        resolve();
      }
    });
  } finally {
    progress.stop();
  }
  print(`${options.out}: ${exported} of ${units.length} files exported on ${jobs} worker thread${jobs === 1 ? '' : 's'}`);
  return { inputErrors, json: json ? { out: options.out, planned: units.length, written, renamed, jobs } : undefined };
}
