import { writeOutputs } from '../outputs.js';
import { basename, dirname, join } from 'node:path';
import type { SkeletalClip } from 'gameanim';
import { DecodeError, IFPReader, TXDReader, type TXDTexture } from 'gameanim';
import type { IFPFormat, PackageData } from 'gameanim';
import { EncodeError, writeIFP } from 'gameanim';
import { encode } from 'fast-png';
import { filesRead, formatOf, InputError, readInput } from '../inputs.js';
import { readGltfInput } from '../gltf-input.js';
import { clipSources } from '../clip-sources.js';
import { plural, withArticle } from '../text.js';
import { UsageError } from '../usage-error.js';
import { readModel } from '../export-unit.js';
import { startProgress, type StartProgress } from '../progress.js';
import { loadGltf } from './export-batch.js';
import { merged, onFile, report, type CommandResult } from './result.js';

type Gltf = typeof import('gameanim/gltf');

export interface ExportOptions {
  out: string;
  anims: string[];
  gltf: boolean;
  /** With --gltf: the images as data URIs inside the .gltf, instead of PNG files beside it. */
  embedImages?: boolean;
  force: boolean;
  zUp?: boolean;
  fps?: number;
  json?: boolean;
  txd?: string;
  /** The progress display, one step per clip converted (default: a bar on stderr when it is a terminal). */
  progress?: StartProgress;
}

/**
 * `export [MODEL] ANIMS... -o OUT.glb [--anim NAME ...] [--gltf]`: the model's skeleton (and meshes)
 * with the clips of every ANIMS file and archive, in one file; without a model, each clip on nodes
 * named after its tracks. `export MODEL -o OUT.glb` (one file that is a model) writes the model at
 * rest, without clips.
 */
export async function exportCommand(
  modelPath: string | undefined,
  animsPaths: string[],
  options: ExportOptions,
  printText: (line: string) => void,
): Promise<CommandResult> {
  const { print, json } = report(printText, options.json ?? false);
  const gltf = await loadGltf();
  let model: ReturnType<typeof readModel> | undefined;
  if (modelPath !== undefined) {
    const result = onFile(modelPath, () => ((model = readModel(modelPath)), { inputErrors: [] }));
    if (!model) return result;
  }
  let clips: SkeletalClip[] = [];
  let atRest = false;
  if (model === undefined && animsPaths.length === 1) {
    const only = animsPaths[0]!;
    const result = onFile(only, () => {
      const bytes = readInput(only);
      const { format } = formatOf(only, bytes);
      // The one file is a model: its skeleton and meshes at rest (a base to animate in another tool).
      if (format.clips || !format.skeleton) return { inputErrors: [] };
      if (options.anims.length) throw new InputError(`${only}: ${withArticle(format.name)} file holds no animations to pick with --anim`);
      model = readModel(only);
      atRest = true;
      return { inputErrors: [] };
    });
    if (result.inputErrors.length) return result;
  }
  if (!atRest) {
    const read = merged(
      animsPaths.map((path) =>
        onFile(path, () => ((clips = clips.concat(clipSources(path, 'to export').flatMap((source) => source.clips))), { inputErrors: [] })),
      ),
    );
    if (read.inputErrors.length) return read;
  }
  if (options.anims.length) {
    const missing = options.anims.find((name) => !clips.some((c) => c.name.toLowerCase() === name.toLowerCase()));
    if (missing !== undefined) return { inputErrors: [`${animsPaths.join(', ')}: no animation named "${missing}"`] };
    clips = options.anims.map((name) => clips.find((c) => c.name.toLowerCase() === name.toLowerCase())!);
  }
  const binName = `${basename(options.out).replace(/\.(glb|gltf)$/i, '')}.bin`;
  let textures: TXDTexture[] = [];
  if (options.txd) {
    const txdPath = options.txd;
    const result = onFile(txdPath, () => ((textures = new TXDReader(readInput(txdPath)).textures), { inputErrors: [] }));
    if (result.inputErrors.length) return result;
  }
  let exported: Awaited<ReturnType<Gltf['exportGltf']>>;
  // Converting the clips is most of the time (PED.IFP's 311: 1.1 s of 1.5 s): a bar on a terminal, one step per clip.
  const progress = (options.progress ?? startProgress)(clips.length, 'converting', print);
  try {
    exported = await gltf.exportGltf({
      model,
      clips,
      textures,
      encodePng: encode,
      container: options.gltf ? 'gltf' : 'glb',
      images: options.embedImages ? 'embedded' : 'files',
      binName,
      axes: options.zUp ? 'game' : 'y-up',
      resampleRate: options.fps,
      onClip: (clip) => progress.tick(clip.name),
    });
  } catch (error) {
    // Clips whose resampling their keys cannot justify: one line naming the file, as a bad input.
    if (error instanceof DecodeError) return { inputErrors: [`${animsPaths.join(', ')}: ${error.message}`] };
    throw error;
  } finally {
    progress.stop();
  }
  const files = gltfFiles(options.out, exported);
  const failed = writeOutputs(files, {
    force: options.force,
    inputs: [...(modelPath ? [modelPath] : []), ...animsPaths.flatMap(filesRead), ...(options.txd ? [options.txd] : [])],
  });
  if (failed) return failed;
  const meshes = model?.geometries.length ?? 0;
  const on = model ? `on ${model.skeleton.boneCount} bones` : 'on nodes named after their tracks';
  // The counts written, never the counts asked for: a clip that drives nothing is left out, a texture no material names is not written
  // (each with a warning).
  const imageFiles = exported.gltf?.images.length ?? 0;
  const images = imageFiles ? ` (${plural(imageFiles, 'image file')} beside it)` : '';
  print(
    `${options.out}: ${plural(exported.animations.length, 'animation')} ${on}${meshes ? `, ${plural(meshes, 'mesh', 'meshes')}` : ''}${exported.textures.length ? `, ${plural(exported.textures.length, 'texture')}${images}` : ''}`,
  );
  for (const warning of exported.warnings) print(`  ${warning.code}: ${warning.message}`);
  return {
    inputErrors: [],
    json: json
      ? {
          written: files.map(([path]) => path),
          animations: exported.animations,
          bones: model?.skeleton.boneCount ?? null,
          meshes,
          textures: exported.textures.length,
          warnings: exported.warnings,
        }
      : undefined,
  };
}

/**
 * The files of an export, in the order they are committed: a .gltf's images and .bin first, the JSON
 * that names them last, so a reader never finds the .gltf without them.
 */
function gltfFiles(out: string, exported: Awaited<ReturnType<Gltf['exportGltf']>>): Array<[string, Uint8Array | string]> {
  if (exported.glb) return [[out, exported.glb]];
  const { json, bin, binName, images } = exported.gltf!;
  const beside = (name: string) => join(dirname(out), name);
  return [...images.map((image): [string, Uint8Array] => [beside(image.uri), image.data]), [beside(binName), bin], [out, json]];
}

/**
 * `import EDITED.glb|EDITED.gltf --skeleton MODEL -o OUT.ifp [--format ANP3|ANP2|ANPK]`: a .gltf's .bin and images are read from beside it.
 */
export async function importCommand(
  glbPath: string,
  options: { skeleton: string; out: string; format: string; force: boolean; name?: string; like?: string; fps?: number; json?: boolean },
  printText: (line: string) => void,
): Promise<CommandResult> {
  const { print, json } = report(printText, options.json ?? false);
  const format = options.format.toUpperCase() as IFPFormat;
  if (!['ANP3', 'ANP2', 'ANPK'].includes(format)) throw new UsageError(`--format takes ANP3, ANP2 or ANPK, not ${options.format}`);
  // The game looks animation blocks up by the package name: one given with --name must fit. Without
  // it, --like gives each clip its original package's name; else the output file's name, cut to fit.
  if (options.name !== undefined && utf8Length(options.name) > PACKAGE_NAME_BYTES) {
    return {
      inputErrors: [
        `the package name "${options.name}" has more than ${PACKAGE_NAME_BYTES} bytes, which an IFP cannot hold; nothing written`,
      ],
    };
  }
  const fromFile = basename(options.out).replace(/\.ifp$/i, '');
  const packageName = options.name ?? cutToBytes(fromFile, PACKAGE_NAME_BYTES);
  const cut =
    options.name === undefined && !options.like && packageName !== fromFile
      ? {
          code: 'package-name',
          message: `the output file's name "${fromFile}" has more than ${PACKAGE_NAME_BYTES} bytes, which an IFP's package name cannot hold: the package is "${packageName}" (give one with --name)`,
        }
      : null;
  const gltf = await loadGltf();
  let model: ReturnType<typeof readModel> | undefined;
  const modelResult = onFile(options.skeleton, () => ((model = readModel(options.skeleton)), { inputErrors: [] }));
  if (!model) return modelResult;
  const input = (() => {
    try {
      return readGltfInput(glbPath);
    } catch (error) {
      if (error instanceof InputError) return error;
      throw error;
    }
  })();
  if (input instanceof InputError) return { inputErrors: [input.message] };
  let like: readonly PackageData[] | undefined;
  if (options.like) {
    const likeResult = onFile(options.like, () => ((like = new IFPReader(readInput(options.like!)).packages), { inputErrors: [] }));
    if (!like) return likeResult;
  }
  let imported: Awaited<ReturnType<Gltf['importGltf']>>;
  try {
    imported = await gltf.importGltf(input.bytes, {
      skeleton: model.skeleton,
      format,
      packageName,
      like,
      resampleRate: options.fps,
      resources: input.resources,
    });
  } catch (error) {
    return { inputErrors: [`${glbPath}: ${(error as Error).message}`] };
  }
  if (options.name !== undefined) for (const pkg of imported.packages) pkg.name = options.name;
  let ifp: Uint8Array;
  try {
    ifp = writeIFP(imported.packages, { format });
  } catch (error) {
    // What the IFP format cannot hold (a name too long, say): one line naming it, never a stack trace.
    if (error instanceof EncodeError) return { inputErrors: [`${glbPath}: cannot be written as ${format}: ${error.message}`] };
    throw error;
  }
  const animations = imported.packages.flatMap((pkg) => pkg.animations);
  if (!animations.some((animation) => animation.bones.length)) {
    return {
      inputErrors: [
        `${glbPath}: no animation drives any bone of ${options.skeleton} (its nodes match no bone name or HAnim id); nothing written`,
      ],
    };
  }
  const failed = writeOutputs([[options.out, ifp]], {
    force: options.force,
    inputs: [...input.files, options.skeleton, ...(options.like ? [options.like] : [])],
  });
  if (failed) return failed;
  print(
    `${options.out}: package ${imported.packages.map((pkg) => `"${pkg.name}"`).join(', ')}, ${plural(animations.length, 'animation')} (${format}), ${plural(
      animations.reduce((n, a) => n + a.bones.length, 0),
      'track',
    )}`,
  );
  const warnings = [...(cut ? [cut] : []), ...imported.warnings];
  for (const warning of warnings) print(`  ${warning.code}: ${warning.message}`);
  const packages = imported.packages.map((pkg) => ({
    name: pkg.name,
    animations: pkg.animations.map((a) => ({ name: a.name, tracks: a.bones.length })),
  }));
  return { inputErrors: [], json: json ? { written: [options.out], format, packages, warnings } : undefined };
}

/** The most bytes an IFP package name holds (24 with its NUL). */
const PACKAGE_NAME_BYTES = 23;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The longest start of `text` within `bytes` UTF-8 bytes, never splitting a character. */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  for (const character of text) {
    if (utf8Length(out + character) > bytes) break;
    out += character;
  }
  return out;
}
