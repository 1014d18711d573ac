import { bindClip, IFPReader, writeIFP, type SkeletalClip, type Skeleton } from 'gameanim';
import { loadGltf } from './export-batch.js';
import { plural, textTable } from '../text.js';
import { InputError } from '../inputs.js';
import { isGltf, readGltfInput } from '../gltf-input.js';
import { clipSources, sourceName } from '../clip-sources.js';
import { merged, onFile, report, type CommandResult, type Report } from './result.js';
import { modelSkeleton } from '../model-skeleton.js';
import { defineCommand, usageError } from '../command-spec.js';
import { jsonFlag, textFlag } from '../common-flags.js';

/** One file's (or archive entry's) record in the --json document: its animations, or its error. */
type BoundFile = { file: string; [field: string]: unknown };

/**
 * Binds every animation of each FILE to the skeleton of MODEL and prints, per animation, how many
 * bones its tracks drive, which tracks drive none, and which bones keep their rest pose. A file none
 * of whose animations drives any bone does not belong to the model: exit 1 (the other files are still
 * bound). A glTF (.glb, or .gltf with its files) binds as `import` reads it: its animations' channels onto the bones
 * they name, with the import's warnings (another skeleton, say) as notes.
 */
export async function bind(modelPath: string, animsPaths: string[], print: (line: string) => void, json = false): Promise<CommandResult> {
  const out = report(print, json);
  const files: BoundFile[] = [];
  let skeleton: Skeleton | undefined;
  const modelResult = onFile(modelPath, () => {
    skeleton = modelSkeleton(modelPath);
    return { inputErrors: [] };
  });
  if (!skeleton) return modelResult;
  const results: CommandResult[] = [];
  for (const path of animsPaths) {
    const gltf = await gltfClips(path, skeleton);
    const result = gltf?.kind === 'refused' ? gltf.result : onFile(path, () => bindFile(modelPath, skeleton!, path, out, files, gltf));
    // A file that could not be read is in the --json document too, with its error.
    if (result.inputErrors.length && !files.some(({ file }) => file === path || file.startsWith(`${path}/`)))
      for (const error of result.inputErrors) files.push({ file: path, error });
    results.push(result);
  }
  const result = merged(results);
  return json ? { ...result, json: { model: modelPath, boneCount: skeleton.boneCount, files } } : result;
}

/** A .glb's or .gltf's animations as `import` reads them onto `skeleton`, with its warnings; null for a file that is no glTF. */
type GltfClips = { kind: 'clips'; clips: SkeletalClip[]; notes: string[] } | { kind: 'refused'; result: CommandResult };

async function gltfClips(path: string, skeleton: Skeleton): Promise<GltfClips | null> {
  let input: ReturnType<typeof readGltfInput>;
  try {
    input = readGltfInput(path);
  } catch (error) {
    if (error instanceof InputError) return { kind: 'refused', result: { inputErrors: [error.message] } };
    throw error;
  }
  if (!isGltf(path, input.bytes)) return null;
  const gltf = await loadGltf();
  try {
    const { packages, warnings } = await gltf.importGltf(input.bytes, { skeleton, compressed: false, resources: input.resources });
    return {
      kind: 'clips',
      clips: new IFPReader(writeIFP(packages, { format: 'ANP3' })).animations,
      notes: warnings.map((w) => `${w.code}: ${w.message}`),
    };
  } catch (error) {
    return { kind: 'refused', result: { inputErrors: [`${path}: ${(error as Error).message}`] } };
  }
}

function bindFile(
  modelPath: string,
  skeleton: Skeleton,
  animsPath: string,
  out: Report,
  files: BoundFile[],
  gltf: Extract<GltfClips, { kind: 'clips' }> | null,
): CommandResult {
  // A file of clips, or each clip-holding entry of an IMG archive, named archive.img/entry.
  const sources = gltf
    ? [{ name: animsPath, clips: gltf.clips }]
    : clipSources(animsPath, 'to bind').map((source) => ({ name: sourceName(source), clips: source.clips }));
  return merged(sources.map(({ name, clips }) => bindClips(modelPath, skeleton, name, clips, gltf?.notes ?? [], out, files)));
}

/** At most this many names a note line: a model of 100,000 frames would print them all for every clip. */
export const LISTED_NAMES = 32;

/** Names quoted, the first LISTED_NAMES of them, and how many more. */
function nameList(names: readonly string[], count = names.length): string {
  const listed = names.slice(0, LISTED_NAMES).map((name) => JSON.stringify(name));
  return count > LISTED_NAMES ? `${listed.join(', ')} and ${count - LISTED_NAMES} more` : listed.join(', ');
}

function bindClips(
  modelPath: string,
  skeleton: Skeleton,
  animsPath: string,
  clips: readonly SkeletalClip[],
  gltfNotes: readonly string[],
  out: Report,
  files: BoundFile[],
): CommandResult {
  const rows: string[][] = [];
  const notes: string[] = [...gltfNotes];
  const animations: unknown[] = [];
  let drivingNone = 0;
  let refused: string | null = null;
  for (const clip of clips) {
    const bound = bindClip(clip, skeleton);
    refused ??= bound.refused;
    const matched = skeleton.boneCount - bound.restBones.length;
    // Every name for the JSON document; for the text, only those listed (nameList).
    const restBones = (out.json ? bound.restBones : bound.restBones.slice(0, LISTED_NAMES + 1)).map((bone) => skeleton.names[bone]!);
    rows.push([
      clip.name || '(unnamed)',
      `${matched}/${skeleton.boneCount}`,
      String(bound.unmatchedTracks.length),
      String(bound.restBones.length),
    ]);
    if (bound.unmatchedTracks.length) notes.push(`${clip.name}: unmatched tracks ${nameList(bound.unmatchedTracks)}`);
    if (bound.restBones.length && matched) notes.push(`${clip.name}: rest bones ${nameList(restBones, bound.restBones.length)}`);
    if (matched === 0) drivingNone++;
    // Said of each such clip: a file whose other clips bind would otherwise hide it in the table.
    if (matched === 0 && !bound.refused)
      notes.push(`${clip.name}: drives no bone (${plural(clip.tracks.length, 'track')}, none found on the model by id or name)`);
    if (out.json) animations.push({ name: clip.name, matched, unmatchedTracks: bound.unmatchedTracks, restBones, refused: bound.refused });
  }
  files.push({ file: animsPath, animations });
  out.print(`${animsPath} on ${modelPath} (${plural(skeleton.boneCount, 'bone')}):`);
  out.print(textTable(['animation', 'matched', 'unmatched tracks', 'rest bones'], rows));
  notes.forEach((line) => out.print(`  ${line}`));
  if (refused) return { inputErrors: [`${animsPath}: ${refused} (${modelPath})`] };
  if (drivingNone === clips.length) return { inputErrors: [`${animsPath}: no animation drives any bone of ${modelPath}`] };
  return { inputErrors: [] };
}

/** `gameanim bind MODEL FILE... [--json]`, or `bind FILE... --skeleton MODEL`. */
export const bindSpec = defineCommand({
  name: 'bind',
  help: `usage: gameanim bind MODEL FILE... [--json]
       gameanim bind FILE... --skeleton MODEL [--json]

Reads the skeleton of MODEL (a RenderWare .dff with an HAnim hierarchy, an IGI 2 .mef, or a clip
that carries one: ANM2, IGI 2) and binds
every animation of each FILE (and of each entry of an IMG archive, named ARCHIVE/ENTRY) to it: SA and VC tracks by bone id, GTA III tracks by name (case and spaces
ignored), ANM2 and IGI 2 tracks by index. Prints per animation how many bones are driven, the tracks that drive
no bone, and the bones that keep their rest pose. A glTF (.glb, or .gltf) binds as import reads it (its
channels onto the bones they name; its warnings, such as another skeleton, as notes; needs
@gltf-transform/core). Exits 1 when a FILE has no animation that drives any bone (the other files are
still bound).`,
  overview: [
    { usage: 'bind MODEL FILE... [--json]', summary: 'how the animations of each FILE bind to the skeleton of MODEL (.dff, .mef)' },
  ],
  flags: { skeleton: textFlag, json: jsonFlag },
  parse(values, positionals, context) {
    const { skeleton } = values;
    if (skeleton ? positionals.length < 1 : positionals.length < 2)
      throw usageError(context, 'bind takes a MODEL and animation FILEs (or FILE... --skeleton MODEL)');
    const json = Boolean(values.json);
    return skeleton ? { model: skeleton, files: [...positionals], json } : { model: positionals[0]!, files: positionals.slice(1), json };
  },
  run: ({ model, files, json }, print) => bind(model, files, print, json),
});
