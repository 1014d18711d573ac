// One unit of `gameanim export MODEL FILE... -o DIR`: a package (or one animation) of an IFP file or
// IMG entry, exported with the model into one .glb under the write rule. Worker threads run it, and
// the main thread runs it too when no worker is left (src/cli/worker-pool.ts), so both share this code.
import { IFPReader, type SkeletalClip } from 'gameanim';
import { WriteError } from './atomic-write.js';
import { formatOf, InputError, openArchive, readInput } from './inputs.js';
import { writeOutput } from './outputs.js';

/** One .glb to make: a package of a file (or of an IMG entry), or one animation of it. */
export interface ExportUnit {
  source: string;
  entry?: string;
  packageIndex: number;
  animation?: string;
  out: string;
}

/** What exporting a unit came to; `stop` when the failure would fail every unit after it too (a full disk). */
export type UnitResult = { done: true; out: string; animations: number; warnings: string[] } | { done: false; out: string; error: string; stop?: boolean };

/** What every unit of one batch shares, sent to each worker as its workerData. */
export interface BatchSettings {
  modelPath: string;
  zUp: boolean;
  force: boolean;
  fps?: number;
  /** Every file the batch reads: never written. */
  inputs: string[];
}

type Gltf = typeof import('gameanim/gltf');

export function readModel(path: string) {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  const reader = format.open(bytes);
  const skeleton = format.skeleton?.(reader);
  if (!skeleton) throw new InputError(`${path}: has no skeleton (a ${format.name} file${format.skeleton ? ' without a bone hierarchy' : ''})`);
  const model = format.model?.(reader);
  // The frame of each rigid atomic's bone, so its mesh moves with it (a frame-bound model: GTA III peds).
  return { skeleton, geometries: model?.geometries ?? [], boneOfFrame: model?.boneOfFrame };
}

/** The last archive opened: units come in archive order, so each is read once, not per entry. */
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

/** An exporter of units: the model read once, the glTF module loaded once. */
export async function unitExporter(settings: BatchSettings): Promise<(unit: ExportUnit) => Promise<UnitResult>> {
  const gltf: Gltf = await import('gameanim/gltf');
  const model = readModel(settings.modelPath);
  return async (unit) => {
    try {
      const clips = unitClips(unit);
      const { glb, warnings, animations } = await gltf.exportGltf({ model, clips, axes: settings.zUp ? 'game' : 'y-up', resampleRate: settings.fps });
      writeOutput(unit.out, glb!, { force: settings.force, inputs: settings.inputs });
      // The count written, never the count asked for: a clip that drives nothing is left out.
      return { done: true, out: unit.out, animations: animations.length, warnings: warnings.map((w) => w.code) };
    } catch (error) {
      return { done: false, out: unit.out, error: (error as Error).message, stop: error instanceof WriteError };
    }
  };
}
