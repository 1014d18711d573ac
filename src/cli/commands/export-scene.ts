// `export --scene CUTSCENE.ifp MODEL.dff... [MODEL.txd...] -o OUT.glb`: a cutscene's models in one glTF,
// each playing the animation named after it (San Andreas names each animation of a cutscene's IFP
// after the object it moves), on one timeline.
import { basename, dirname, join } from 'node:path';
import { TXDReader, type SkeletalClip, type TXDTexture } from 'gameanim';
import { encode } from 'fast-png';
import { filesRead, InputError, readInput } from '../inputs.js';
import { clipSources } from '../clip-sources.js';
import { readModel } from '../export-unit.js';
import { writeOutputs } from '../outputs.js';
import { plural } from '../text.js';
import { loadGltf } from './export-batch.js';
import { merged, onFile, report, type CommandResult } from './result.js';

export interface SceneExportOptions {
  out: string;
  gltf: boolean;
  embedImages?: boolean;
  force: boolean;
  zUp?: boolean;
  json?: boolean;
}

/** A file's name without its folder and extension: the object a model is, and the animation it plays. */
const stem = (path: string) => basename(path).replace(/\.[^.]*$/, '');

export async function exportScene(
  scenePath: string,
  paths: string[],
  options: SceneExportOptions,
  printText: (line: string) => void,
): Promise<CommandResult> {
  const { print, json } = report(printText, options.json ?? false);
  const gltf = await loadGltf();
  let clips: SkeletalClip[] = [];
  // The scene's one animation is named after the cutscene's file (an IFP's package names it too).
  const packageName = stem(scenePath);
  const read = onFile(scenePath, () => {
    const sources = clipSources(scenePath, 'to export as a scene');
    clips = sources.flatMap((source) => source.clips);
    return { inputErrors: [] };
  });
  if (read.inputErrors.length) return read;
  const modelPaths = paths.filter((path) => !/\.txd$/i.test(path));
  const txdPaths = paths.filter((path) => /\.txd$/i.test(path));
  if (modelPaths.length === 0)
    return { inputErrors: [`${scenePath}: a scene needs its models: export --scene ${scenePath} MODEL.dff... -o OUT.glb`] };
  const models: Array<{ path: string; model: ReturnType<typeof readModel> }> = [];
  const textures = new Map<string, TXDTexture[]>();
  const results = [
    ...modelPaths.map((path) => onFile(path, () => (models.push({ path, model: readModel(path) }), { inputErrors: [] }))),
    ...txdPaths.map((path) =>
      onFile(path, () => {
        const owner = modelPaths.find((model) => stem(model).toLowerCase() === stem(path).toLowerCase());
        if (!owner)
          throw new InputError(
            `${path}: no model named ${stem(path)}.dff among the scene's models: a dictionary textures the model of its name`,
          );
        textures.set(owner, new TXDReader(readInput(path)).textures);
        return { inputErrors: [] };
      }),
    ),
  ];
  const failed = merged(results);
  if (failed.inputErrors.length) return failed;
  // Each object plays the clip of its name; the game compares names without regard to case.
  const clipOf = (name: string) => clips.find((clip) => clip.name.toLowerCase() === name.toLowerCase()) ?? null;
  const objects = models.map(({ path, model }) => ({ name: stem(path), model, clip: clipOf(stem(path)), textures: textures.get(path) }));
  const unplayed = clips.filter((clip) => !objects.some((object) => object.clip === clip)).map((clip) => clip.name);
  const binName = `${basename(options.out).replace(/\.(glb|gltf)$/i, '')}.bin`;
  const exported = await gltf.exportGltfScene({
    objects,
    name: packageName,
    encodePng: encode,
    container: options.gltf ? 'gltf' : 'glb',
    images: options.embedImages ? 'embedded' : 'files',
    binName,
    axes: options.zUp ? 'game' : 'y-up',
  });
  const files: Array<[string, Uint8Array | string]> = exported.glb
    ? [[options.out, exported.glb]]
    : [
        ...exported.gltf!.images.map((image): [string, Uint8Array] => [join(dirname(options.out), image.uri), image.data]),
        [join(dirname(options.out), exported.gltf!.binName), exported.gltf!.bin],
        [options.out, exported.gltf!.json],
      ];
  const written = writeOutputs(files, { force: options.force, inputs: [...filesRead(scenePath), ...paths] });
  if (written) return written;
  print(
    `${options.out}: ${plural(objects.length, 'object')} on one timeline, ${exported.animated.length} animated${exported.textures.length ? `, ${plural(exported.textures.length, 'texture')}` : ''}`,
  );
  for (const warning of exported.warnings) print(`  ${warning.code}: ${warning.message}`);
  if (unplayed.length) print(`  note: ${plural(unplayed.length, 'animation')} of ${scenePath} name no model given: ${unplayed.join(', ')}`);
  return {
    inputErrors: [],
    json: json
      ? {
          written: files.map(([path]) => path),
          objects: objects.map((object) => ({ name: object.name, clip: object.clip?.name ?? null })),
          animated: exported.animated,
          atRest: exported.atRest,
          unplayed,
          warnings: exported.warnings,
        }
      : undefined,
  };
}
