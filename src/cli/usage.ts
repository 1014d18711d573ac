import { FORMATS } from 'gameanim';
import { JSON_COMMANDS } from './flags.js';
import { CLI_REPOSITORY_URL } from './package-dir.js';

export { UsageError } from './usage-error.js';

/** The formats gameanim reads, one line each, from the library's registry: a new format is named here without editing the help. */
const FORMAT_LINES = FORMATS.map((format) => `  ${format.name.padEnd(6)}${format.description}${format.extensions.length ? ` (${format.extensions.join(', ')})` : ''}`).join('\n');

/** Words filled into lines of at most `width` columns. */
const wrapped = (text: string, width = 100) =>
  text
    .split(' ')
    .reduce<string[]>((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, [])
    .join('\n');

/**
 * The command-line guide's schemas, on the web: the package ships the README but not docs/, so a
 * path would name a file an installed package does not have.
 */
export const JSON_GUIDE_URL = `${CLI_REPOSITORY_URL}/blob/HEAD/docs/guides/cli.md#json-output`;

/** Which commands take --json, from the parser's table, and where their schemas are. */
const JSON_LINES = wrapped(
  `gameanim <command> --help shows a command's options. --json (${JSON_COMMANDS.join(', ')}) prints one JSON document instead of text; its schema is in the command-line guide's "JSON output": ${JSON_GUIDE_URL}`,
);

export const HELP: Record<string, string> = {
  main: `gameanim: read, play and convert game animation files: GTA III/VC/SA IFP packages and IMG
archives, RenderWare DFF models (skeletons and skins) and TXD texture dictionaries, IGI 2 clips (ILFF
.iff, FORM/ANM2 .iff) and models (.mef), ANIM sprite scripts, and cutscene camera paths (.dat)

usage: gameanim <command> [options]
       gameanim --version

commands:
  info FILE... [--json]         format, counts and warnings (IMG archives entry by entry; a model's bone table)
  list FILE... [--json]         animations with track counts, key counts and durations
  dump FILE... [--anim NAME] [--json]
                                every decoded value
  bind MODEL FILE... [--json]   how the animations of each FILE bind to the skeleton of MODEL (.dff, .mef)
  export [MODEL] ANIMS... -o OUT.glb|OUT.gltf [--txd MODEL.txd] [--anim NAME ...] [--embed-images] [--gltf] [--z-up] [--fps N] [--force] [--json]
  export MODEL FILE... -o DIR [--txd MODEL.txd] [--anim NAME ...] [--per-animation] [--jobs N] [--z-up] [--fps N] [--force] [--json]
  export --scene CUTSCENE.ifp MODEL.dff... [MODEL.txd...] -o OUT.glb|OUT.gltf [--embed-images] [--gltf] [--z-up] [--force] [--json]
                                the model (skeleton, skinned or rigid meshes) and its animations as glTF
  import EDITED.glb|.gltf --skeleton MODEL -o OUT.ifp [--name PACKAGE] [--like ORIGINAL.ifp] [--fps N]
         [--format ANP3|ANP2|ANPK] [--force] [--json]
                                a glTF's animations as an IFP package for MODEL's skeleton
  retarget SOURCE --to MODEL.dff [--map mixamo|auto|MAP.json] [--source-pose auto|rest|tpose|frame:N]
           -o OUT.ifp [--ground-from PED.ifp[:ANIM]] [--no-foot-lock] [--strict] [--name PACKAGE]
           [--force] [--json]
                                your own motion (glTF, Mixamo FBX, BVH) onto a skinned ped, as ANP3
  view [FILES...] [--port N]    the viewer page on 127.0.0.1, with FILES preloaded
  img ls ARCHIVE [--json]       entries of an IMG archive (VER2 .img, or a III/VC .dir or .img)
  img extract ARCHIVE [NAME...] [-o DIR] [--force] [--json]
                                write entries to files
  edit IN.ifp -o OUT.ifp [--rename OLD=NEW] [--delete NAME] [--speed NAME=FACTOR] [--trim NAME=START:END]
       [--merge OTHER.ifp] [--package NAME] [--reduce TOL [--skeleton MODEL.dff]] [--format ANP3|ANP2|ANPK] [--force] [--json]
                                change a package; untouched animations keep their bytes
  diff A.ifp B.ifp [--json]     what changed: added, removed, and per bone how much (exit 1 when they differ)
  lint FILE|ARCHIVE... [--skeleton MODEL.dff] [--severity S] [--ignore CODE] [--json]
                                what the games do badly with (exit 1 on an error)
  img create OUT [FILE|NAME=FILE...] [--format VER2|V1] [--force] [--json]
                                a new archive: SA's OUT.img, or III/VC's OUT.dir + OUT.img
  img add|replace ARCHIVE FILE|NAME=FILE..., img delete ARCHIVE NAME..., img rename ARCHIVE OLD NEW,
  img rebuild ARCHIVE           (each with -o OUT or --in-place)
  txd ls FILE... [--json]       textures of texture dictionaries: name, size, format, mipmaps, alpha
  txd extract FILE... [-o DIR] [--force] [--json]
                                one PNG per texture
  bench [--corpus DIR] [--quick] [--out FILE [--force]] [--record] [--json]
                                the benchmark suite on a generated SA-sized corpus

formats (by magic, else by extension):
${FORMAT_LINES}

${JSON_LINES}
exit codes: 0 ok; 1 a problem with an input (missing, unreadable, a directory, undecodable, no such
animation, an output that exists), reported after every other input is processed; 2 a usage error;
3 an optional peer dependency the command needs is not installed

Commands that write never replace an existing file unless --force is given, never write through a
symbolic link or over their own input, and say when a name had to be changed.`,
  info: `usage: gameanim info FILE... [--json]

Prints each file's format, counts and warnings: IFP packages, animations, tracks and keyframes;
FORM/ANM2 bones, frames, sample rate, duration, root motion and unknown chunks; ANIM sprites and
scripts; camera path keys; TXD textures; for a DFF model, its bone table (index, HAnim id, name,
parent, rest translation). IMG
archives (.img VER2, or either file of a III/VC .dir + .img pair) are walked entry by entry: entries of
a known format are decoded, others are counted. A progress bar shows on a terminal for archives and
many files.

formats:
${FORMAT_LINES}`,
  list: `usage: gameanim list FILE... [--json]

Lists the animations of each file (IFP, ANM2, IGI 2 clips, or every animation entry of an IMG
archive): name, tracks, keys and duration in seconds; with several files, one table per file.`,
  dump: `usage: gameanim dump FILE... [--anim NAME] [--json]

Prints every decoded value of each file (IFP, FORM/ANM2, IGI 2 clips and models, DFF, TXD, camera
paths), or the script listing of an ANIM file; an IMG archive is walked, each entry of a known format
dumped as ARCHIVE/ENTRY (img ls lists the archive itself). --anim keeps one IFP animation
(case-insensitive). --json prints the document the command-line guide gives ("JSON output"): one for one
file, an array for several or for an archive; a file that cannot be read is { "file", "error" }.
Formats:
${FORMAT_LINES}`,
  img: `usage: gameanim img ls ARCHIVE [--json]
       gameanim img extract ARCHIVE [NAME...] [-o DIR] [--force] [--json]
       gameanim img create OUT [FILE|NAME=FILE...] [--format VER2|V1] [--force] [--json]
       gameanim img add|replace ARCHIVE FILE|NAME=FILE... (-o OUT | --in-place) [--force] [--json]
       gameanim img delete ARCHIVE NAME... (-o OUT | --in-place) [--json]
       gameanim img rename ARCHIVE OLD NEW (-o OUT | --in-place) [--json]
       gameanim img rebuild ARCHIVE (-o OUT | --in-place) [--json]

create writes a new archive of the files given, in that order (none: an empty archive). --format
VER2 (the default, unless OUT ends in .dir) writes SA's single OUT.img; V1 writes III/VC's OUT.dir and
OUT.img (OUT may name either, or be their name alone: vc gives vc.dir and vc.img). An existing OUT, or either file of the pair, is replaced only with
--force. add, replace, delete and rename change entries; rebuild packs the entries with no holes.
Untouched entries keep their bytes. -o writes a new archive (for a III/VC .dir, OUT.dir and
OUT.img); --in-place writes temporary files beside the archive and renames them over it.

An entry is named after its FILE; NAME=FILE names it NAME. An argument that is an existing file is
always a FILE; otherwise it splits at its first "=" unless the part before holds / or \\. Entry
names are 1 to 23 printable Latin-1 characters, without / or \\, not . or .., and unique ignoring
case: anything else is refused, naming the entry, and nothing is written.

ARCHIVE is a SA VER2 .img, or either file of a III/VC pair: its .dir (the .img must sit beside it
for extract) or its .img (read through the .dir beside it). extract
writes the named entries (all when none are named) into DIR (default: the current folder). Entry
names become plain, distinct file names inside DIR (".", "..", paths, control characters and names
that differ only in case are changed, and each change is printed). An existing file is never
replaced, and no symlink written through, unless --force is given (symlinks never). When entries
overlap so that this would write more than 64 times the archive's size, nothing is written unless
--force is given.`,
  bind: `usage: gameanim bind MODEL FILE... [--json]
       gameanim bind FILE... --skeleton MODEL [--json]

Reads the skeleton of MODEL (a RenderWare .dff with an HAnim hierarchy, an IGI 2 .mef, or a clip
that carries one: ANM2, IGI 2) and binds
every animation of each FILE (and of each entry of an IMG archive, named ARCHIVE/ENTRY) to it: SA and VC tracks by bone id, GTA III tracks by name (case and spaces
ignored), ANM2 and IGI 2 tracks by index. Prints per animation how many bones are driven, the tracks that drive
no bone, and the bones that keep their rest pose. A glTF (.glb, or .gltf) binds as import reads it (its
channels onto the bones they name; its warnings, such as another skeleton, as notes; needs
@gltf-transform/core). Exits 1 when a FILE has no animation that drives any bone (the other files are
still bound).`,
  export: `usage: gameanim export [MODEL] ANIMS... -o OUT.glb|OUT.gltf [--txd MODEL.txd] [--anim NAME ...] [--embed-images] [--gltf] [--z-up] [--fps N] [--force] [--json]
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
  import: `usage: gameanim import EDITED.glb|.gltf --skeleton MODEL -o OUT.ifp [--name PACKAGE] [--like ORIGINAL.ifp]
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
  retarget: `usage: gameanim retarget SOURCE --to MODEL.dff -o OUT.ifp [--map mixamo|auto|MAP.json]
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
the game's idle (--ground-from PED.ifp: its idle_stance, or PED.ifp:ANIM) stands MODEL's feet, else
MODEL's standing rest. Feet the source plants (its ankle slow and near its floor) stay planted: the
thigh and calf are turned (two-bone IK, the knee's bend plane and the foot's rotation kept) and the
pelvis lowered where a foot cannot reach; --no-foot-lock gives the raw transfer. Keys land on the
game's 60 Hz ticks (and on the source's own first and last key times, as floats, when those fall
between ticks), reduced within 0.05 degrees and 0.1 mm. Every clip's result is measured against the
source (limb and torso segment angles, facing, feet against the ground, slide on planted feet, the
pelvis's path) and warned about past 5 degrees p95, 3 cm of float or sink (a tenth of the legs without
--ground-from), the source's slide plus 2 cm, or the path's 3 cm + 3% (5 cm up or down); --strict
makes that exit 1 with nothing written. Needs
@gltf-transform/core for glTF and three for FBX and BVH (exit 3 without them).`,
  edit: `usage: gameanim edit IN.ifp -o OUT.ifp [--rename OLD=NEW] [--delete NAME] [--speed NAME=FACTOR]
       [--trim NAME=START:END] [--merge OTHER.ifp] [--package NAME] [--reduce TOL [--skeleton MODEL.dff]]
       [--format ANP3|ANP2|ANPK] [--force] [--json]

Applies the edits in the order given (each repeatable) and writes OUT. Names are compared as the game
compares them (case ignored). --speed divides key times by FACTOR; --trim keeps START to END seconds
with keys sampled in at both ends; --merge appends OTHER's animations, replacing those of the same
name (and says which); --package renames the package. --reduce drops the keys whose removal keeps every
bone within TOL centimetres of shell error (how far a point 3 cm from the bone moves; 0.05 is half a
millimetre), measured in MODEL's hierarchy with --skeleton, else each track on its own, on what the
written file decodes to; it prints keys and bytes saved and the worst error left.
Every animation no edit touched is written byte for byte as it was (in the same format).`,
  diff: `usage: gameanim diff A.ifp B.ifp [--json]

Animations added and removed, and for each changed one, per bone, the largest rotation difference in
degrees and translation difference in metres over both clips' key times. Like the game, it compares
the first animation of a name (case ignored), and warns of each later copy it never plays. Exit 0
when equal, 1 when not.`,
  lint: `usage: gameanim lint FILE|ARCHIVE... [--skeleton MODEL.dff] [--severity error|warning|note]
       [--ignore CODE]... [--json]
       gameanim lint --rules [--json]

Checks IFP files, and every .ifp entry of IMG archives (named ARCHIVE/ENTRY.ifp), against what the
games' loaders refuse, crash on or misplay. Each finding has a code, a severity (error: the game
refuses, crashes or misplays; warning: likely a mistake; note: an oddity the game handles, as the
retail files have), the animation, bone and byte offset; a count per code ends the report.
--severity shows that level and above; --ignore leaves a code out (repeatable). --skeleton names the
tracks of each animation that bind to no bone of a GTA model (by bone id on SA skinned peds, by name,
case ignored, on frame-bound models). --rules prints every rule with its severity and the loader code
it follows. Exit 1 when any finding shown is an error.`,
  txd: `usage: gameanim txd ls FILE... [--json]
       gameanim txd extract FILE... [-o DIR] [--force] [--json]

FILE is a RenderWare texture dictionary (.txd, PC: Direct3D 8 and 9), or an IMG archive whose .txd
entries are read (named ARCHIVE/ENTRY). ls lists its textures: name,
size, format (DXT1, DXT5, 8888, PAL8, ...), mipmap count and whether alpha is used. extract decodes
each texture's largest level and writes it as DIR/<name>.png (default: the current folder); names are
made safe and distinct, and an existing file is replaced only with --force.`,
  view: `usage: gameanim view [FILES...] [--port N]

Serves the viewer (a static page: drop game files, watch the animation, read its curves) on
127.0.0.1 and prints its URL. FILES are preloaded into the page. --port picks the port (default: any
free one). Everything runs in the page; nothing is uploaded anywhere. Stop it with Ctrl-C.`,
  bench: `usage: gameanim bench [--corpus DIR] [--quick] [--out FILE] [--record] [--json]

Runs the benchmark suite: decoding an SA-sized corpus with each backend against the naive baseline
and the memcpy bound, then playback against THREE.AnimationMixer (when three is installed). The
corpus is generated once into DIR (default: ~/.cache/gameanim/bench-corpus, or $XDG_CACHE_HOME).
DIR must be new, empty, or a corpus gameanim made (it leaves a .gameanim-corpus marker): no other
files are ever replaced. The tables are printed; --out writes them to FILE (an existing FILE only
with --force). In a development checkout, --record writes
bench/RESULTS.md and appends to bench/history/. --quick runs a tiny corpus: its rows under 1 ms are
labelled too small to mean anything, and its targets are not judged. Peak memory per decoder is
measured in a fresh child process.`,
};
