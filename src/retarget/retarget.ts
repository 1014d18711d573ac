// A foreign rig's clips onto a game skeleton, as IFP animations: one per clip, same name, keyed on the
// game's 60 Hz ticks and reduced, the root motion on the bone the game takes it from.
import type { Skeleton } from '../core/skeleton.js';
import type { AnimationData, PackageData, TrackData } from '../ifp/types.js';
import { REQUIRED_BONES, resolveBoneMap, type BoneMapOption } from './bone-map.js';
import { RetargetError } from './errors.js';
import { keptKeys, pick, type KeyTolerance } from './keys.js';
import { alignRests, type SourcePose } from './rest-align.js';
import { clipTiming, RigSampler, type SourceRig } from './rig.js';
import { prepareTransfer } from './transfer.js';

/** What `retargetRig` needs: the game skeleton, the bone map, the source's reference pose, the package's name and the key tolerance. */
export interface RetargetOptions {
  /** The game skeleton the clips are for (a skinned ped's, as `DFFReader` reads it). */
  skeleton: Skeleton;
  /** Default 'auto': the Mixamo preset when the names are Mixamo's, else the game's names and the words rigs use. */
  map?: BoneMapOption;
  /** What the source's rest is: the game's rest pose in other axes and sizes ('rest', the default) or a T-pose. */
  sourcePose?: SourcePose;
  /** The package name. Default 'retarget'. */
  packageName?: string;
  /** How far a dropped key may be from what interpolation gives. Default 0.05 degrees, 0.1 mm. */
  tolerance?: Partial<KeyTolerance>;
}

/** What `retargetRig` made: packages for `writeIFP`, the report of how it matched and aligned, and the placement. */
export interface RetargetResult {
  /** For `writeIFP(packages, { format: 'ANP3' })`: int16 frames, as the game's own files. */
  packages: PackageData[];
  /** What was matched and why, how the rigs were aligned, and each clip's time base. */
  report: string[];
  /** How the source's world was put into the game's model space, for drawing the source beside the ped. */
  placement: SourcePlacement;
}

/** How the source rig was placed on the game's: the turn between their worlds and the scale between their units. */
export interface SourcePlacement {
  /** The rotation from the source's world to the game's (4x4, column-major). */
  turn: Float64Array;
  /** Game metres per source unit: the ratio of the hip heights. */
  scale: number;
}

/** IFP names hold 23 bytes and a NUL, one byte a character (Latin-1). */
const NAME_BYTES = 23;
/** SA finds an animation block by its package name, which it keeps in 16 bytes with the NUL. */
const PACKAGE_NAME_BYTES = 15;

/**
 * Puts a source rig's clips on a game skeleton: maps its joints to the bones (`map`, by names and shape
 * when 'auto'), aligns the rest poses, then samples each clip at 60 Hz in world space and writes the keys
 * the game stores, dropping those within `tolerance` of the interpolation.
 */
export function retargetRig(rig: SourceRig, options: RetargetOptions): RetargetResult {
  const { skeleton } = options;
  const tolerance = { degrees: options.tolerance?.degrees ?? 0.05, metres: options.tolerance?.metres ?? 1e-4 };
  if (!rig.clips.length) throw new RetargetError('no-animation', 'the source has no animation');
  const map = resolveBoneMap(rig.names, rig.parents, skeleton, options.map ?? 'auto');
  const missing = REQUIRED_BONES.filter((id) => skeleton.indexOf(id) >= 0 && map.jointOfBone[skeleton.indexOf(id)]! < 0);
  if (missing.length) {
    const names = missing.map((id) => skeleton.names[skeleton.indexOf(id)]!.trim());
    throw new RetargetError(
      'unmapped-limbs',
      `no joint of the source maps to ${names.join(', ')}${map.report.length ? ` (matched: ${map.report.join('; ')})` : ' (nothing matched)'}; give a map file (--map MAP.json)`,
    );
  }
  const report = [...map.report];
  const unused = skeleton.names.filter((_, bone) => map.jointOfBone[bone]! < 0).map((name) => name.trim());
  if (unused.length) report.push(`no source joint for ${unused.join(', ')}: they keep their rest pose`);
  const align = alignRests(rig, skeleton, map.jointOfBone, options.sourcePose ?? 'rest');
  report.push(...align.report);
  const transfer = prepareTransfer(skeleton, map.jointOfBone, align);
  const taken = new Set<string>();
  const animations = rig.clips.map((clip, c): AnimationData => {
    const { start, end, rate } = clipTiming(clip);
    const ticks = Math.max(1, Math.round((end - start) * 60));
    report.push(`"${clip.name}": ${(end - start).toFixed(3)} s at ${rate} Hz, ${ticks + 1} ticks at 60 Hz`);
    const sampler = new RigSampler(rig, clip);
    const driven = [...map.jointOfBone.keys()].filter((bone) => map.jointOfBone[bone]! >= 0 || bone === transfer.motionBone);
    const rotations = driven.map(() => new Float32Array(4 * (ticks + 1)));
    const translations = new Float32Array(3 * (ticks + 1));
    for (let k = 0; k <= ticks; k++) {
      const pose = transfer.poseAt(sampler.worlds(Math.min(end, start + k / 60)));
      driven.forEach((bone, i) => {
        const out = rotations[i]!;
        out.set(pose.rotations.subarray(4 * bone, 4 * bone + 4), 4 * k);
        // One hemisphere from key to key: the short way round, as the game interpolates.
        if (k > 0 && out[4 * k]! * out[4 * k - 4]! + out[4 * k + 1]! * out[4 * k - 3]! + out[4 * k + 2]! * out[4 * k - 2]! + out[4 * k + 3]! * out[4 * k - 1]! < 0)
          for (let q = 0; q < 4; q++) out[4 * k + q] = -out[4 * k + q]!;
      });
      translations.set(pose.translation, 3 * k);
    }
    const times = Float32Array.from({ length: ticks + 1 }, (_, k) => Math.fround(k / 60));
    const bones = driven.map((bone, i): TrackData => {
      const moves = bone === transfer.motionBone;
      const kept = keptKeys(times, rotations[i]!, moves ? translations : null, tolerance);
      return {
        boneName: skeleton.names[bone]!,
        boneId: skeleton.ids[bone]!,
        keyframeType: moves ? 'KRT0' : 'KR00',
        compressed: true,
        times: pick(times, 1, kept),
        rotations: pick(rotations[i]!, 4, kept),
        translations: moves ? pick(translations, 3, kept) : null,
        scales: null,
      };
    });
    return { name: storableName(clip.name || `clip${c}`, taken, report), bones };
  });
  return { packages: [{ name: storableName(options.packageName ?? 'retarget', new Set(), report, PACKAGE_NAME_BYTES), animations }], report, placement: { turn: align.turn, scale: align.scale } };
}

/** A name the IFP holds as given: Latin-1, at most `bytes` long, unique as the game compares (case ignored). */
function storableName(name: string, taken: Set<string>, report: string[], bytes = NAME_BYTES): string {
  const base = [...name]
    .map((ch) => (ch.charCodeAt(0) < 256 && ch.charCodeAt(0) >= 32 ? ch : '_'))
    .join('')
    .slice(0, bytes);
  let stored = base;
  for (let n = 2; taken.has(stored.toLowerCase()); n++) stored = `${base.slice(0, bytes - String(n).length - 1)}~${n}`;
  taken.add(stored.toLowerCase());
  if (stored !== name) report.push(`"${name}" is stored as "${stored}" (IFP names are ${bytes} Latin-1 bytes, unique)`);
  return stored;
}
