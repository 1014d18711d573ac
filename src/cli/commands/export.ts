// gameanim export: one spec for its three forms, a model and its animations in one glTF file
// (gltf.ts), many files into a folder on worker threads (export-batch.ts), and a cutscene's objects
// on one timeline (export-scene.ts); which one runs is decided here from the arguments.
import { statSync } from 'node:fs';
import { defineCommand, usageError, type ParseContext } from '../command-spec.js';
import { forceFlag, fpsFlag, jsonFlag, outFlag, repeatedFlag, switchFlag, textFlag } from '../common-flags.js';
import { flagError } from '../flag-parser.js';
import { exportBatch, type BatchOptions } from './export-batch.js';
import { exportScene, type SceneExportOptions } from './export-scene.js';
import { exportCommand, type ExportOptions } from './gltf.js';
import { UsageError } from '../usage-error.js';

const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** An IMG archive (by name) or an output that is a folder (ends with a separator or is one) means the batch export. */
function isBatchTarget(anims: string, out: string): boolean {
  return /\.(img|dir)$/i.test(anims) || /[\\/]$/.test(out) || isDirectory(out);
}

/** An output named as one glTF file (and not a folder already there): what the user asked for is one file. */
const isOneFileTarget = (out: string) => /\.(glb|gltf)$/i.test(out) && !isDirectory(out);

/** --jobs N: a whole number of worker threads, 1 or more. */
function jobCount(text: string | undefined, context: ParseContext): number | undefined {
  const jobs = text === undefined ? undefined : Number(text);
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1))
    throw flagError(context.name, `--jobs takes a whole number of worker threads, 1 or more, not ${text}`);
  return jobs;
}

type ExportArguments =
  | { form: 'scene'; scene: string; models: string[]; options: SceneExportOptions }
  | { form: 'file'; model: string | undefined; anims: string[]; options: ExportOptions }
  | { form: 'batch'; model: string; sources: string[]; options: BatchOptions };

/** `gameanim export [MODEL] ANIMS... -o OUT`, `export MODEL FILE... -o DIR`, `export --scene CUTSCENE.ifp MODEL.dff... -o OUT`. */
export const exportSpec = defineCommand({
  name: 'export',
  help: `usage: gameanim export [MODEL] ANIMS... -o OUT.glb|OUT.gltf [--txd MODEL.txd] [--anim NAME ...] [--embed-images] [--gltf] [--z-up] [--fps N] [--force] [--json]
       gameanim export MODEL FILE... -o DIR [--txd MODEL.txd] [--anim NAME ...] [--per-animation] [--jobs N] [--z-up] [--fps N] [--force] [--json]
       gameanim export --scene CUTSCENE.ifp MODEL.dff... [MODEL.txd...] -o OUT.glb|OUT.gltf [--embed-images] [--gltf] [--z-up] [--force] [--json]

Writes MODEL's skeleton in rest pose (a .dff with its skinned meshes, a .mef, or a clip that carries a
skeleton; a .dff without HAnim, such as a GTA III ped or an animated object, has its frames as bones
and each rigid part as a mesh under its frame's node) and the animations of ANIMS (all, or those
named by --anim; without MODEL, on nodes named after their tracks; with MODEL alone, none) as a glTF 2.0 binary, standing
upright in glTF's Y up (--z-up keeps the games' Z up). OUT's name says the container: OUT.gltf is JSON
with OUT.bin and its images (OUT.<texture>.png) beside it, all or none (--gltf asks for JSON under
another name, and is refused with OUT.glb); --embed-images puts the images inside OUT.gltf.
--txd embeds the dictionary's textures (PNG) in the materials that name them; a material whose
texture the dictionary lacks is named in a missing-textures warning. Several ANIMS (IFP files, IGI 2
clips, IMG archives) with OUT named .glb or .gltf: every clip of them in that one file. An existing
OUT is replaced only with --force, and never when it is one of the inputs. Every
change glTF forces on the data is printed, and the count of animations written (a clip that drives no
bone is left out, and named); on a terminal a progress bar counts the animations converted. Needs @gltf-transform/core installed (exit 3 without it).

With several files or an IMG archive and a folder as -o (DIR/, or any name not ending .glb or .gltf),
every package of every IFP file and IFP entry becomes DIR/<package>.glb, and each IGI 2 or ANM2 clip
file DIR/<file>.glb (--per-animation: DIR/<package>.<animation>.glb; --anim: only those animations;
--txd: textured; glTF's warnings printed per file), exported on N
worker threads (--jobs, default the machine's cores) with a progress bar on a terminal. Every output
is checked before any work starts; names are made safe and distinct, and each change is printed.
--fps sets the rate of the resampling gameanim does itself (IGI 2's squad curves; default 60).

--scene writes a cutscene: every MODEL in one file, each under a node named after it and playing the
animation of CUTSCENE named after it (as San Andreas names a cutscene's animations after its
objects), all in one glTF animation on one timeline; a MODEL.txd among the files textures the model of
its name. An object with no animation of its name stands at rest, named in an objects-at-rest
warning; an animation that names no model given is named in a note.`,
  overview: [
    {
      usage: [
        'export [MODEL] ANIMS... -o OUT.glb|OUT.gltf [--txd MODEL.txd] [--anim NAME ...] [--embed-images] [--gltf] [--z-up] [--fps N] [--force] [--json]',
        'export MODEL FILE... -o DIR [--txd MODEL.txd] [--anim NAME ...] [--per-animation] [--jobs N] [--z-up] [--fps N] [--force] [--json]',
        'export --scene CUTSCENE.ifp MODEL.dff... [MODEL.txd...] -o OUT.glb|OUT.gltf [--embed-images] [--gltf] [--z-up] [--force] [--json]',
      ],
      summary: 'the model (skeleton, skinned or rigid meshes) and its animations as glTF',
    },
  ],
  flags: {
    anim: repeatedFlag,
    out: outFlag,
    gltf: switchFlag,
    'embed-images': switchFlag,
    force: forceFlag,
    'z-up': switchFlag,
    jobs: textFlag,
    'per-animation': switchFlag,
    fps: fpsFlag,
    json: jsonFlag,
    txd: textFlag,
    scene: textFlag,
  },
  parse(values, positionals, context): ExportArguments {
    const { out, scene, fps, txd } = values;
    const json = Boolean(values.json);
    const force = Boolean(values.force);
    const zUp = Boolean(values['z-up']);
    const embedImages = Boolean(values['embed-images']);
    // The output's name says the container: OUT.gltf is JSON with its .bin and images beside it,
    // OUT.glb binary; --gltf asks for JSON under any other name, and contradicts a .glb.
    const named = out === undefined ? null : /\.gltf$/i.test(out) ? 'gltf' : /\.glb$/i.test(out) ? 'glb' : null;
    if (named === 'glb' && values.gltf)
      throw new UsageError(
        `--gltf writes a JSON .gltf, but ${out} names a binary .glb: name it .gltf, or leave out --gltf`,
        undefined,
        context.name,
      );
    const gltf = named === 'gltf' || Boolean(values.gltf);
    if (scene !== undefined) {
      if (!out || positionals.length < 1)
        throw usageError(
          context,
          'export --scene takes the cutscene IFP, then its MODELs (and their .txd): export --scene CUTSCENE.ifp MODEL.dff... -o OUT.glb',
        );
      if (values.anim || values.jobs || values['per-animation'] || txd || fps)
        throw usageError(
          context,
          'export --scene plays each model on the animation of its name, in one file: it takes no --anim, --jobs, --per-animation, --fps or --txd (give each MODEL.txd among the files)',
        );
      if (embedImages && !gltf) throw usageError(context, '--embed-images is for a .gltf (a .glb holds its images already)');
      return { form: 'scene', scene, models: [...positionals], options: { out, gltf, embedImages, force, zUp, json } };
    }
    if (positionals.length < 1 || !out) throw usageError(context, 'export takes [MODEL] ANIMS -o OUT.glb (or MODEL FILE... -o DIR)');
    const jobs = jobCount(values.jobs, context);
    const anims = values.anim ?? [];
    const oneFile: ExportOptions = { out, anims, gltf, embedImages, force, zUp, fps, json, txd };
    if (embedImages && !gltf) throw usageError(context, '--embed-images is for a .gltf (a .glb holds its images already)');
    const folderOnly = jobs !== undefined || values['per-animation'];
    // One file: its clips on nodes named after their tracks, without a model.
    if (positionals.length === 1) {
      if ((isBatchTarget(positionals[0]!, out) && !isOneFileTarget(out)) || folderOnly)
        throw usageError(context, 'export over many files takes a MODEL: export MODEL FILE... -o DIR');
      return { form: 'file', model: undefined, anims: [...positionals], options: oneFile };
    }
    // Several inputs (or an archive) into a file named .glb or .gltf: every clip into that one file, never a folder of that name.
    if (isOneFileTarget(out)) {
      if (folderOnly) throw usageError(context, `--jobs and --per-animation write a folder of files; ${out} is one file (give -o DIR/)`);
      return { form: 'file', model: positionals[0]!, anims: positionals.slice(1), options: oneFile };
    }
    // Many files, an archive, or a folder to write into: the whole-game export on worker threads.
    if (positionals.length > 2 || isBatchTarget(positionals[1]!, out) || folderOnly) {
      if (values.gltf) throw usageError(context, '--gltf writes one file: export MODEL ANIMS... -o OUT.gltf');
      return {
        form: 'batch',
        model: positionals[0]!,
        sources: positionals.slice(1),
        options: { out, force, zUp, jobs, perAnimation: Boolean(values['per-animation']), fps, json, anims, txd },
      };
    }
    return { form: 'file', model: positionals[0]!, anims: positionals.slice(1), options: oneFile };
  },
  run(parsed, print) {
    if (parsed.form === 'scene') return exportScene(parsed.scene, parsed.models, parsed.options, print);
    if (parsed.form === 'batch') return exportBatch(parsed.model, parsed.sources, parsed.options, print);
    return exportCommand(parsed.model, parsed.anims, parsed.options, print);
  },
});
