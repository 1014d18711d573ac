// gameanim import: a glTF's animations as an IFP package (the work is in gltf.ts).
import { defineCommand, usageError } from '../command-spec.js';
import { forceFlag, fpsFlag, jsonFlag, outFlag, textFlag } from '../common-flags.js';
import { importCommand } from './gltf.js';

/** `gameanim import EDITED.glb|.gltf --skeleton MODEL -o OUT.ifp`. */
export const importSpec = defineCommand({
  name: 'import',
  help: `usage: gameanim import EDITED.glb|.gltf --skeleton MODEL -o OUT.ifp [--name PACKAGE] [--like ORIGINAL.ifp]
       [--fps N] [--format ANP3|ANP2|ANPK] [--force] [--json]

Reads the animations of a glTF, binary (.glb) or JSON (.gltf, its .bin and images read from the URIs it
gives, relative to it, or data: URIs), from gameanim, Blender at its default settings, or another
tool, and writes them as one IFP package for MODEL's skeleton. Nodes match bones by name, then by the
HAnim id gameanim's export records; each joint is carried through the file's hierarchy and skin, so
any joint orientation and either up axis work. Every channel is a track, constant or not, except
where an exporter keyed every bone (Blender's Always Sample Animations): its channels that only hold
a bone at rest are left out. Sampled keys are reduced within 0.05 degrees and 0.1 mm; keys off the
games' 60 Hz grid (Blender's 24 fps) are put back on it, with a warning that says how to avoid it.
The package is named PACKAGE (default: --like's, else the output file's name cut to 23 bytes, with a
warning: the game looks blocks up by it). An import that drives no bone
is exit 1. ANP3 (default) and ANP2 are written with int16 frames; --format takes any case. An existing
OUT is replaced only with --force, and never when it is one of the inputs. --like ORIGINAL.ifp gives
each clip with a namesake there back its package, driven bones and key types (durations and new
clips stay the glTF's; a warning says what was taken). A warning says when the glTF's skeleton is not
MODEL's. --fps sets the rate STEP and
CUBICSPLINE samplers are resampled at (default 60). Needs @gltf-transform/core (exit 3 without it).`,
  overview: [
    {
      usage: [
        'import EDITED.glb|.gltf --skeleton MODEL -o OUT.ifp [--name PACKAGE] [--like ORIGINAL.ifp] [--fps N]',
        '       [--format ANP3|ANP2|ANPK] [--force] [--json]',
      ],
      summary: "a glTF's animations as an IFP package for MODEL's skeleton",
    },
  ],
  flags: {
    skeleton: textFlag,
    out: outFlag,
    format: textFlag,
    force: forceFlag,
    name: textFlag,
    like: textFlag,
    fps: fpsFlag,
    json: jsonFlag,
  },
  parse(values, positionals, context) {
    const { out, skeleton } = values;
    if (positionals.length !== 1 || !out || !skeleton)
      throw usageError(context, 'import takes EDITED.glb (or EDITED.gltf) --skeleton MODEL -o OUT.ifp');
    return {
      input: positionals[0]!,
      options: {
        skeleton,
        out,
        format: values.format ?? 'ANP3',
        force: Boolean(values.force),
        name: values.name,
        like: values.like,
        fps: values.fps,
        json: Boolean(values.json),
      },
    };
  },
  run: ({ input, options }, print) => importCommand(input, options, print),
});
