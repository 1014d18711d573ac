import { plural } from '../text.js';
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { IFPReader, lintIFP, writeIFP, type SkeletalClip } from 'gameanim';
import { readInput, InputError } from '../inputs.js';
import { readGltfInput } from '../gltf-input.js';
import { writeOutputs } from '../outputs.js';
import { UsageError } from '../usage-error.js';
import { readModel } from '../export-unit.js';
import { onFile, report, type CommandResult } from './result.js';
import { defineCommand, usageError } from '../command-spec.js';
import { forceFlag, jsonFlag, outFlag, switchFlag, textFlag } from '../common-flags.js';

type Retarget = typeof import('gameanim/retarget');

/** gameanim/retarget needs no peer to load: each source's own (glTF-Transform, three.js) is loaded when one is read. */
const loadRetarget = (): Promise<Retarget> => import('gameanim/retarget');

/**
 * `retarget SOURCE --to MODEL.dff [--map mixamo|auto|MAP.json] [--source-pose auto|rest|tpose|frame:N] [--ground-from PED.ifp[:ANIM]]
 * [--no-foot-lock] [--strict] -o OUT.ifp`.
 */
export async function retargetCommand(
  sourcePath: string,
  options: {
    to: string;
    out: string;
    map?: string;
    sourcePose?: string;
    groundFrom?: string;
    footLock?: boolean;
    strict?: boolean;
    name?: string;
    force: boolean;
    json?: boolean;
  },
  printText: (line: string) => void,
): Promise<CommandResult> {
  const { print, json } = report(printText, options.json ?? false);
  const sourcePose = parseSourcePose(options.sourcePose ?? 'auto');
  // SA finds an animation block by its package name, 15 bytes and a NUL: the output's name is cut to fit.
  const packageName = options.name ?? [...basename(options.out).replace(/\.ifp$/i, '')].slice(0, 15).join('');
  if (new TextEncoder().encode(packageName).length > 15)
    return {
      inputErrors: [
        `the package name "${packageName}" has more than 15 bytes, by which SA could not find its block (give one with --name); nothing written`,
      ],
    };
  const lib = await loadRetarget();
  let model: ReturnType<typeof readModel> | undefined;
  const modelResult = onFile(options.to, () => ((model = readModel(options.to)), { inputErrors: [] }));
  if (!model) return modelResult;
  let groundFrom: SkeletalClip | undefined;
  let groundLabel: string | undefined;
  let groundFile: string | undefined;
  const groundNotes: string[] = [];
  if (options.groundFrom !== undefined) {
    const found = readGroundClip(options.groundFrom, lib.idleClipName);
    if (!found.ok) return { inputErrors: [`--ground-from: ${found.error}`] };
    [groundFrom, groundLabel, groundFile] = [found.clip, '--ground-from', found.path];
  } else {
    // A game folder's own ped.ifp, beside the model or as anim/ped.ifp above it: its idle is the ground.
    const ped = findPedIFP(options.to);
    if (ped) {
      const found = readGroundClip(ped, lib.idleClipName);
      if (found.ok) [groundFrom, groundLabel, groundFile] = [found.clip, `ped.ifp ${found.name}`, ped];
      groundNotes.push(
        found.ok
          ? `ground: the game's ped.ifp found at ${ped}: its ${found.name} is the ground`
          : `ground: the game's ped.ifp found at ${ped} is not used: ${found.error}`,
      );
    }
  }
  let map: Parameters<Retarget['retargetRig']>[1]['map'] = 'auto';
  if (options.map === 'mixamo' || options.map === 'auto' || options.map === undefined) map = options.map ?? 'auto';
  else {
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(readInput(options.map)));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string'))
        throw new InputError(`${options.map}: a bone map is a JSON object of source joint names to game bone names`);
      map = parsed as Record<string, string>;
    } catch (error) {
      if (error instanceof InputError) return { inputErrors: [error.message] };
      if (error instanceof SyntaxError) return { inputErrors: [`${options.map}: not JSON: ${error.message}`] };
      throw error;
    }
  }
  let result: Awaited<ReturnType<Retarget['retarget']>>;
  let sourceFiles = [sourcePath];
  try {
    const clipName = basename(sourcePath).replace(/\.[^.]*$/, '');
    // A .gltf names its .bin and images as files beside it: they are read from there.
    const source = readGltfInput(sourcePath);
    sourceFiles = source.files;
    result = await lib.retarget(source.bytes, {
      skeleton: model.skeleton,
      map,
      sourcePose,
      groundFrom,
      groundLabel,
      footLock: options.footLock ?? true,
      packageName,
      clipName,
      resources: source.resources,
    });
  } catch (error) {
    if (error instanceof lib.RetargetError || error instanceof InputError) return { inputErrors: [`${sourcePath}: ${error.message}`] };
    // Each kind of source loads its own peer, only when one is read: a MissingPeerError naming it goes to main (exit 3).
    throw error;
  }
  const ifp = writeIFP(result.packages, { format: 'ANP3' });
  const warned = result.quality.filter((q) => q.warnings.length);
  if (options.strict && warned.length)
    return {
      inputErrors: [
        `${sourcePath}: --strict: ${warned.map((q) => `"${q.animation}" ${q.warnings.join(', ')}`).join('; ')} (reference: ${warned[0]!.reference}); nothing written`,
      ],
    };
  const errors = lintIFP(ifp).filter((finding) => finding.severity === 'error');
  if (errors.length)
    return {
      inputErrors: [
        `${sourcePath}: the retargeted package would not load as meant: ${errors.map((f) => f.message).join('; ')}; nothing written`,
      ],
    };
  const failed = writeOutputs([[options.out, ifp]], {
    force: options.force,
    inputs: [...sourceFiles, options.to, ...(groundFile === undefined ? [] : [groundFile])],
  });
  if (failed) return failed;
  const animations = result.packages.flatMap((pkg) => pkg.animations);
  print(
    `${options.out}: package "${result.packages[0]!.name}", ${plural(animations.length, 'animation')} (ANP3), ${plural(
      animations.reduce((n, a) => n + a.bones.length, 0),
      'track',
    )}`,
  );
  for (const line of [...groundNotes, ...result.report]) print(`  ${line}`);
  return {
    inputErrors: [],
    json: json
      ? {
          written: [options.out],
          format: 'ANP3',
          package: result.packages[0]!.name,
          animations: animations.map((a) => ({ name: a.name, tracks: a.bones.length })),
          quality: result.quality,
          ground: { ...result.ground, ...(groundFile === undefined ? {} : { file: groundFile }) },
          report: [...groundNotes, ...result.report],
        }
      : undefined,
  };
}

/**
 * `PED.ifp` or `PED.ifp:ANIM`: the game's clip whose feet give the ground (`idle_stance`, else the
 * first with "idle" in its name, when no ANIM is given).
 */
function readGroundClip(
  text: string,
  idleClipName: (names: readonly string[]) => string | undefined,
): { ok: true; clip: SkeletalClip; name: string; path: string } | { ok: false; error: string } {
  const named = /^(.*\.ifp):([^:\\/]+)$/i.exec(text);
  const [path, name] = named ? [named[1]!, named[2]!] : [text, undefined];
  let reader: IFPReader | undefined;
  const read = onFile(path, () => ((reader = new IFPReader(readInput(path))), { inputErrors: [] }));
  if (!reader) return { ok: false, error: read.inputErrors.join('; ') };
  const names = reader.animations.map((a) => a.name);
  const chosen = name ?? idleClipName(names);
  const clip = chosen === undefined ? undefined : names.find((n) => n.toLowerCase() === chosen.toLowerCase());
  if (clip === undefined)
    return {
      ok: false,
      error: `${path} has ${name ? `no animation "${name}"` : 'no idle animation (idle_stance, or a name with "idle")'}; name one as ${path}:ANIM (it has ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', ...' : ''})`,
    };
  return { ok: true, clip: reader.getAnimation(clip)!, name: clip, path };
}

/** How many folders above the model's are searched for a game folder's anim/ped.ifp. */
const PARENTS_SEARCHED = 8;

/**
 * The game's ped.ifp where a user keeps it: beside the model, or `anim/ped.ifp` in the model's folder
 * or one above it (a game folder's layout: models/gta3.img's peds, anim/ped.ifp), names in any case.
 */
export function findPedIFP(modelPath: string): string | undefined {
  const entry = (folder: string, name: string) => {
    try {
      return readdirSync(folder).find((n) => n.toLowerCase() === name);
    } catch {
      return undefined;
    }
  };
  let folder = dirname(resolve(modelPath));
  const beside = entry(folder, 'ped.ifp');
  if (beside) return join(folder, beside);
  for (let up = 0; up <= PARENTS_SEARCHED; up++) {
    const anim = entry(folder, 'anim');
    const ped = anim && entry(join(folder, anim), 'ped.ifp');
    if (anim && ped) return join(folder, anim, ped);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return undefined;
}

/** `auto`, `rest`, `tpose` or `frame:N` (a frame of each clip, counted from 0 at the source's rate). */
function parseSourcePose(text: string): Parameters<Retarget['retargetRig']>[1]['sourcePose'] {
  if (text === 'auto' || text === 'rest' || text === 'tpose') return text;
  const frame = /^frame:(\d+)$/.exec(text);
  if (frame) return { frame: Number(frame[1]) };
  throw new UsageError(`--source-pose takes auto, rest, tpose or frame:N, not ${text}`);
}

/** `gameanim retarget SOURCE --to MODEL.dff -o OUT.ifp`. */
export const retargetSpec = defineCommand({
  name: 'retarget',
  help: `usage: gameanim retarget SOURCE --to MODEL.dff -o OUT.ifp [--map mixamo|auto|MAP.json]
       [--source-pose auto|rest|tpose|frame:N] [--ground-from PED.ifp[:ANIM]] [--no-foot-lock] [--strict]
       [--name PACKAGE] [--force] [--json]

Carries the animations of another rig (GLB or .gltf, FBX as Mixamo ships it, BVH as mocap libraries
do) onto MODEL's skeleton, one ANP3 animation per source animation with keys, same name (a take with
no keys or 0 s is skipped with a note). --map: mixamo (the mixamorig: names), auto (default: the
Mixamo preset when it fits, else the game's names, the words rigs use and the hierarchy between them,
each match reported with its reason) or a JSON file { "sourceName": "L UpperArm", ... } whose values
are the model's bone names or the game's bone-tag names. Bones the source lacks (fingers, jaw) get no
track; a source whose arms, legs or pelvis do not map is exit 1, naming them. --source-pose: the pose
the motion is measured against; auto (default) takes the rest when its joints stand as a body (T-pose,
A-pose, arms down), else the clip's most plainly standing frame, and says which; rest, tpose (the
rest) or frame:N override it; no frame that is a body is exit 1, naming the flag to pass. The model is posed
like that reference, rotations are carried in world space, the hips' travel becomes the root's scaled
by the legs' lengths. The source's floor (its feet over the motion) is put on the model's ground: where
the game's idle stands MODEL's feet: --ground-from PED.ifp (its idle_stance, or PED.ifp:ANIM), else a
ped.ifp beside MODEL or anim/ped.ifp in its folder or above, else SA's standing idle leg pose (the rest
for a skeleton without SA's leg bones); the report says which. Feet the source plants (its ankle slow and near its floor) stay planted: the
thigh and calf are turned (two-bone IK, the knee's bend plane and the foot's rotation kept) and the
pelvis lowered where a foot cannot reach; --no-foot-lock gives the raw transfer. Keys land on the
game's 60 Hz ticks (and on the source's own first and last key times, as floats, when those fall
between ticks; the root and legs as floats where feet are held), reduced within 0.05 degrees and 0.1 mm. Every clip's result is measured against the
source (limb and torso segment angles, facing, feet against the ground, slide on planted feet, the
pelvis's path) and warned about past 5 degrees p95, 3 cm of float or sink (a tenth of the legs on the rest's
ground), a planted foot drifting 2 cm from the source's on one contact (2 cm + 2 mm a contact in all), the feet
sliding the source's plus 2 cm, or the path's 3 cm + 3% (5 cm up or down); --strict
makes that exit 1 with nothing written. Needs
@gltf-transform/core for glTF and three for FBX and BVH (exit 3 without them).`,
  overview: [
    {
      usage: [
        'retarget SOURCE --to MODEL.dff [--map mixamo|auto|MAP.json] [--source-pose auto|rest|tpose|frame:N]',
        '         -o OUT.ifp [--ground-from PED.ifp[:ANIM]] [--no-foot-lock] [--strict] [--name PACKAGE]',
        '         [--force] [--json]',
      ],
      summary: 'your own motion (glTF, Mixamo FBX, BVH) onto a skinned ped, as ANP3',
    },
  ],
  flags: {
    to: textFlag,
    out: outFlag,
    map: textFlag,
    'source-pose': textFlag,
    'ground-from': textFlag,
    'no-foot-lock': switchFlag,
    strict: switchFlag,
    name: textFlag,
    force: forceFlag,
    json: jsonFlag,
  },
  parse(values, positionals, context) {
    const { out, to } = values;
    if (positionals.length !== 1 || !out || !to) throw usageError(context, 'retarget takes SOURCE --to MODEL.dff -o OUT.ifp');
    return {
      source: positionals[0]!,
      options: {
        to,
        out,
        map: values.map,
        sourcePose: values['source-pose'],
        groundFrom: values['ground-from'],
        footLock: !values['no-foot-lock'],
        strict: Boolean(values.strict),
        name: values.name,
        force: Boolean(values.force),
        json: Boolean(values.json),
      },
    };
  },
  run: ({ source, options }, print) => retargetCommand(source, options, print),
});
