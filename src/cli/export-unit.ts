// One unit of `gameanim export MODEL FILE... -o DIR`: a package (or one animation) of an IFP file or
// IMG entry, or the clips of an IGI 2 or ANM2 file, exported with the model into one .glb under the write rule. Worker threads run it, and
// the main thread runs it too when no worker is left (src/cli/worker-pool.ts), so both share this code.
import { withArticle } from './text.js';
import { encode } from 'fast-png';
import { IFPReader, TXDReader, type SkeletalClip } from 'gameanim';
import type { GltfWarning } from 'gameanim/gltf';
import { WriteError } from './atomic-write.js';
import { formatOf, InputError, openArchive, readInput } from './inputs.js';
import { writeOutput } from './outputs.js';

/** One .glb to make: a package of a file (or of an IMG entry), or one animation of it. */
export interface ExportUnit {
  source: string;
  entry?: string;
  /** The IFP package; undefined for a file of clips that has no packages (IGI 2, ANM2). */
  packageIndex?: number;
  /** One animation of it (--per-animation), else those named in the settings' `anims`, else all. */
  animation?: string;
  out: string;
}

/** What exporting a unit came to; `stop` when the failure would fail every unit after it too (a full disk). */
export type UnitResult =
  | { done: true; out: string; animations: number; textures: number; warnings: GltfWarning[] }
  | { done: false; out: string; error: string; stop?: boolean };

/** What every unit of one batch shares, sent to each worker as its workerData. */
export interface BatchSettings {
  modelPath: string;
  zUp: boolean;
  force: boolean;
  fps?: number;
  /** The animations to export (--anim, case ignored); all when empty. */
  anims: string[];
  /** The texture dictionary of the model's materials (--txd). */
  txdPath?: string;
  /** Every file the batch reads: never written. */
  inputs: string[];
}

type Gltf = typeof import('gameanim/gltf');

export function readModel(path: string) {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  const reader = format.open(bytes);
  const skeleton = format.skeleton?.(reader);
  if (!skeleton)
    throw new InputError(
      `${path}: has no skeleton (${withArticle(format.name)} file${format.skeleton ? ' without a bone hierarchy' : ''})`,
    );
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

/** Whether --anim asks for this clip: every clip when it names none; names are compared as the games compare them. */
export const wantedClip = (anims: readonly string[], name: string) =>
  anims.length === 0 || anims.some((wanted) => wanted.toLowerCase() === name.toLowerCase());

/** Every clip of the unit's package, or of its file when it has no packages. */
export function sourceClips(source: string, entry: string | undefined, packageIndex: number | undefined): SkeletalClip[] {
  const bytes = unitBytes(source, entry);
  if (packageIndex !== undefined) return new IFPReader(bytes).packages[packageIndex]!.animations;
  const { format } = formatOf(source, bytes);
  if (!format.clips) throw new InputError(`${source}: ${withArticle(format.name)} file holds no animations to export`);
  return format.clips(format.open(bytes));
}

export function unitClips(unit: ExportUnit, anims: readonly string[]): SkeletalClip[] {
  const clips = sourceClips(unit.source, unit.entry, unit.packageIndex);
  return unit.animation === undefined
    ? clips.filter((clip) => wantedClip(anims, clip.name))
    : clips.filter((a) => a.name === unit.animation);
}

/** An exporter of units: the model read once, the glTF module loaded once. */
export async function unitExporter(settings: BatchSettings): Promise<(unit: ExportUnit) => Promise<UnitResult>> {
  const gltf: Gltf = await import('gameanim/gltf');
  const model = readModel(settings.modelPath);
  const textures = settings.txdPath ? new TXDReader(readInput(settings.txdPath)).textures : [];
  return async (unit) => {
    try {
      const clips = unitClips(unit, settings.anims);
      const exported = await gltf.exportGltf({
        model,
        clips,
        textures,
        encodePng: encode,
        axes: settings.zUp ? 'game' : 'y-up',
        resampleRate: settings.fps,
      });
      writeOutput(unit.out, exported.glb!, { force: settings.force, inputs: settings.inputs });
      // The counts written, never the counts asked for: a clip that drives nothing is left out.
      return {
        done: true,
        out: unit.out,
        animations: exported.animations.length,
        textures: exported.textures.length,
        warnings: exported.warnings,
      };
    } catch (error) {
      return { done: false, out: unit.out, error: (error as Error).message, stop: error instanceof WriteError };
    }
  };
}
