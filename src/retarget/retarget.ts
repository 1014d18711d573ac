// A foreign rig's clips onto a game skeleton, as IFP animations: one per clip, same name, keyed on the
// game's 60 Hz ticks and reduced, the root motion on the bone the game takes it from.
import type { Skeleton } from '../core/skeleton.js';
import type { AnimationData, PackageData, TrackData } from '../ifp/types.js';
import { REQUIRED_BONES, resolveBoneMap, type BoneMapOption } from './bone-map.js';
import { RetargetError } from './errors.js';
import { keptKeys, pick, type KeyTolerance } from './keys.js';
import { alignTo, standingRest } from './alignment.js';
import { describeQuality, measureQuality, type ClipQuality, type MeasuredClip } from './quality.js';
import { findReference, type SourcePose } from './reference.js';
import { writeIFP } from '../ifp/writer.js';
import { clipTiming, RigSampler, type SourceRig } from './rig.js';
import { prepareTransfer, type Transfer, type WorldPose } from './transfer.js';
import type { SourcePlacement } from './placement.js';
import { applyFootLock, legsOf, planFootLock, positionsOf, type FootLockPlan } from './foot-lock.js';
import { apply, positionOf, scaled, type Vector } from '../core/transforms.js';
import type { Alignment } from './alignment.js';
import { modelGround, type ModelGround } from './model-ground.js';
import { groundShift } from './ground.js';
import type { SkeletalClip } from '../playback/clip.js';

export type { SourcePlacement } from './placement.js';

/** What `retargetRig` needs: the game skeleton, the bone map, the source's reference pose, the package's name and the key tolerance. */
export interface RetargetOptions {
  /** The game skeleton the clips are for (a skinned ped's, as `DFFReader` reads it). */
  skeleton: Skeleton;
  /** Default 'auto': the Mixamo preset when the names are Mixamo's, else the game's names and the words rigs use. */
  map?: BoneMapOption;
  /**
   * The pose the motion is measured against. 'auto' (the default): the rest when it is a standing body
   * (a T-pose, an A-pose, arms down, the skin's own rest), else the clip's most plainly standing frame.
   * 'rest' or 'tpose' take the rest, `{ frame: N }` frame N of each clip.
   */
  sourcePose?: SourcePose;
  /**
   * The game's own idle clip (ped.ifp's `idle_stance`; `idleClipName` finds it): where it stands this
   * skeleton's feet is the ground the source's floor is put on. Without it, where SA's standing idle
   * leg pose stands them (idle-pose.ts), or, on a skeleton without SA's leg bones, the skin's rest.
   */
  groundFrom?: SkeletalClip;
  /**
   * What `groundFrom` is, for the report and `result.ground.from` (default 'the given clip'; the command says '--ground-from' or 'ped.ifp
   * idle_stance').
   */
  groundLabel?: string;
  /**
   * Default true: feet planted in the source stay in place on the result (foot-lock.ts: two-bone leg IK
   * over each contact, the pelvis lowered where a foot cannot reach). False: the raw transfer.
   */
  footLock?: boolean;
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
  /** Per animation, how far the written result is from the source (quality.ts), measured every time. */
  quality: ClipQuality[];
  /** The ground the result's feet stand on, and what set it (`idle pose`, `rest`, or `groundLabel`). */
  ground: ModelGround;
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
  const report: string[] = [];
  // Only real clips: a take with no keys, or all of them at one instant (Mixamo's FBX writes an empty
  // "Take 001" beside the real one), is no animation.
  const timings = new Map(rig.clips.map((clip) => [clip, clipTiming(clip)]));
  const clips = rig.clips.filter((clip) => {
    const { start, end } = timings.get(clip)!;
    if (end > start) return true;
    report.push(`"${clip.name}": ${clip.channels.some((c) => c.times.length) ? 'keys at one instant only (0 s)' : 'no keys'}: skipped`);
    return false;
  });
  if (!clips.length)
    throw new RetargetError(
      'no-animation',
      rig.clips.length ? `the source has no animation with keys over time (${report.join('; ')})` : 'the source has no animation',
    );
  const map = resolveBoneMap(rig.names, rig.parents, skeleton, options.map ?? 'auto');
  const missing = REQUIRED_BONES.filter((id) => skeleton.indexOf(id) >= 0 && map.jointOfBone[skeleton.indexOf(id)]! < 0);
  if (missing.length) {
    const names = missing.map((id) => skeleton.names[skeleton.indexOf(id)]!.trim());
    throw new RetargetError(
      'unmapped-limbs',
      `no joint of the source maps to ${names.join(', ')}${map.report.length ? ` (matched: ${map.report.join('; ')})` : ' (nothing matched)'}; give a map file (--map MAP.json)`,
    );
  }
  report.unshift(...map.report);
  const unused = skeleton.names.filter((_, bone) => map.jointOfBone[bone]! < 0).map((name) => name.trim());
  if (unused.length) report.push(`no source joint for ${unused.join(', ')}: they keep their rest pose`);
  const jointOfId = new Map<number, number>();
  map.jointOfBone.forEach((joint, bone) => joint >= 0 && jointOfId.set(skeleton.ids[bone]!, joint));
  const gameRest = standingRest(skeleton);
  const ground = modelGround(skeleton, gameRest, options.groundFrom, options.groundLabel);
  // The limits on float and sink are the tight ones unless the ground is only the straight-legged rest.
  const measuredGround = { height: ground.height, given: ground.from !== 'rest' };
  const taken = new Set<string>();
  const measured: MeasuredClip[] = [];
  let placement: SourcePlacement | null = null;
  const animations = clips.map((clip, c): AnimationData => {
    const reference = findReference(rig, clip, jointOfId, options.sourcePose ?? 'auto', timings.get(clip));
    const align = alignTo(skeleton, map.jointOfBone, gameRest, reference, ground);
    if (!placement) {
      // The first clip's reference places the source: its hips where the skin's pelvis stands posed like it.
      const pelvis = skeleton.indexOf(1);
      const hips = pelvis >= 0 ? map.jointOfBone[pelvis]! : -1;
      const at = pelvis >= 0 ? positionOf(align.targetRef[pelvis]!) : ([0, 0, 0] as [number, number, number]);
      at[2] += align.lift;
      placement = { turn: align.turn, scale: align.scale, hips, origin: hips >= 0 ? positionOf(reference.worlds[hips]!) : [0, 0, 0], at };
    }
    report.push(...align.report.map((line) => (clips.length > 1 ? `"${clip.name}": ${line}` : line)));
    const transfer = prepareTransfer(skeleton, map.jointOfBone, align);
    const { start, end, rate } = timings.get(clip)!;
    // Keys on the game's 60 Hz ticks, and at the source's own first and last key times where those
    // fall between ticks (then stored as floats, which SA's ANP3 reader takes too).
    const times = keyTimes(start, end);
    const onTicks = times.every((t) => Math.abs(t * 60 - Math.round(t * 60)) < 1e-3);
    report.push(
      `"${clip.name}": ${start > 0 ? `${start.toFixed(3)} to ${end.toFixed(3)} s` : `${end.toFixed(3)} s`} at ${rate} Hz, ${times.length} keys${onTicks ? ' on 60 Hz ticks' : " (60 Hz ticks and the source's first and last key times, stored as floats)"}`,
    );
    const sampler = new RigSampler(rig, clip);
    const lock = options.footLock === false ? null : planLock(skeleton, map.jointOfBone, transfer, align, sampler, times);
    const driven = [...map.jointOfBone.keys()].filter((bone) => map.jointOfBone[bone]! >= 0 || bone === transfer.motionBone);
    const rotations = driven.map(() => new Float32Array(4 * times.length));
    const translations = new Float32Array(3 * times.length);
    times.forEach((time, k) => {
      // The lock's plan made this tick's world pose already: taken (and let go) rather than made again.
      const world = lock ? lock.poses[k]! : transfer.worldPoseAt(sampler.worlds(time));
      if (lock) {
        lock.poses[k] = undefined;
        if (applyFootLock(skeleton, transfer, lock.legs, lock.plan.holds[k]!, world)) lock.plan.lowered++;
      }
      const pose = transfer.localPoseOf(world);
      driven.forEach((bone, i) => {
        const out = rotations[i]!;
        out.set(pose.rotations.subarray(4 * bone, 4 * bone + 4), 4 * k);
        // One hemisphere from key to key: the short way round, as the game interpolates.
        if (
          k > 0 &&
          out[4 * k]! * out[4 * k - 4]! +
            out[4 * k + 1]! * out[4 * k - 3]! +
            out[4 * k + 2]! * out[4 * k - 2]! +
            out[4 * k + 3]! * out[4 * k - 1]! <
            0
        )
          for (let q = 0; q < 4; q++) out[4 * k + q] = -out[4 * k + q]!;
      });
      translations.set(pose.translation, 3 * k);
    });
    if (lock) report.push(`"${clip.name}": ${describeLock(lock.plan)}`);
    if (lock?.shift)
      report.push(
        `"${clip.name}": the pelvis ${lock.shift > 0 ? 'raised' : 'lowered'} ${(Math.abs(lock.shift) * 100).toFixed(1)} cm for the feet to stand over the ground as the source's over its floor, at the median`,
      );
    // Where feet are held, the root and the legs are stored as floats (ANP3's frame types 1 and 2, which
    // SA reads inside a compressed animation too: its own packages hold such tracks). Their int16 keys
    // would put a planted ankle up to a millimetre off each tick (the root's 1/1024 m truncated, the
    // legs' 1/4096 rotations), a wobble that adds up over a long dance's 80-170 contacts to centimetres
    // of slide the source does not have.
    const exact = new Set(
      lock?.plan.runs.some((runs) => runs > 0) ? [transfer.motionBone, transfer.hips, ...lock.legs.flatMap((leg) => leg.bones)] : [],
    );
    if (onTicks && exact.size)
      report.push(`"${clip.name}": the root and legs (${exact.size} tracks) stored as floats, so held feet stay where they are held`);
    const bones = driven.map((bone, i): TrackData => {
      const moves = bone === transfer.motionBone;
      const kept = keptKeys(times, rotations[i]!, moves ? translations : null, tolerance);
      return {
        boneName: skeleton.names[bone]!,
        boneId: skeleton.ids[bone]!,
        keyframeType: moves ? 'KRT0' : 'KR00',
        compressed: onTicks && !exact.has(bone),
        times: pick(times, 1, kept),
        rotations: pick(rotations[i]!, 4, kept),
        translations: moves ? pick(translations, 3, kept) : null,
        scales: null,
      };
    });
    const name = storableName(clip.name || `clip${c}`, taken, report);
    measured.push({ clip, animation: name, reference: reference.description, turn: align.turn, start, end, ground: measuredGround });
    return { name, bones };
  });
  const packages = [{ name: storableName(options.packageName ?? 'retarget', new Set(), report, PACKAGE_NAME_BYTES), animations }];
  // Measured on the bytes a writer makes of these packages, read back: what a user's game would load.
  const quality = measureQuality(rig, writeIFP(packages, { format: 'ANP3' }), skeleton, map.jointOfBone, measured);
  for (const q of quality) report.push(describeQuality(q), ...q.warnings.map((w) => `warning: "${q.animation}": ${w}`));
  return { packages, report, placement: placement!, quality, ground };
}

/** The contacts of a clip's feet and where the result holds them; null when the rig has no two legs with ankles to hold. */
function planLock(
  skeleton: Skeleton,
  jointOfBone: Int32Array,
  transfer: Transfer,
  align: Alignment,
  sampler: RigSampler,
  times: Float32Array,
) {
  const legs = legsOf(skeleton, transfer);
  const ankles = legs.map((leg) => jointOfBone[leg.bones[2]]!);
  if (!legs.length || ankles.some((joint) => joint < 0)) return null;
  // Each leg's foot joints: the foot bone and those under it (the toe), on both rigs.
  const footBones = legs.map((leg) => {
    const bones = [leg.bones[2]];
    skeleton.parents.forEach((parent, bone) => parent === leg.bones[2] && bones.push(bone));
    return bones;
  });
  const footJoints = footBones.map((bones) => bones.map((bone) => jointOfBone[bone]!).filter((joint) => joint >= 0));
  const source: Vector[][] = [];
  const result: Vector[][] = [];
  const below: number[][] = [];
  const sourceLowest: number[][] = [];
  // Each tick's world pose, kept for the pass that writes the keys (a few KB a tick, as the output's keys are).
  const poses: Array<WorldPose | undefined> = [];
  for (const time of times) {
    const worlds = sampler.worlds(time);
    const at = (joint: number) => scaled(apply(align.turn, positionOf(worlds[joint]!)), align.scale);
    source.push(ankles.map(at));
    sourceLowest.push(footJoints.map((joints) => Math.min(...joints.map((joint) => at(joint)[2]))));
    const pose = transfer.worldPoseAt(worlds);
    poses.push(pose);
    const positions = positionsOf(skeleton, transfer, pose);
    result.push(legs.map((leg) => positions[leg.bones[2]]!));
    below.push(
      legs.map((leg, i) => Math.max(0, positions[leg.bones[2]]![2] - Math.min(...footBones[i]!.map((bone) => positions[bone]![2])))),
    );
  }
  // The source's floor as the report measures it: its lowest foot joint's 5th percentile over the clip.
  const lows = sourceLowest.map((k) => Math.min(...k)).sort((a, b) => a - b);
  const sourceFloor = lows[Math.floor(0.05 * (lows.length - 1))]!;
  const floor = { ground: align.floorAt, below, under: sourceLowest.map((k) => k.map((z) => Math.min(0, z - sourceFloor))) };
  // The result's feet follow the source's over its floor, at the median: the reference pose matched the
  // two rigs' feet, but a dancer whose feet sit otherwise under the hips in the poses it dances in
  // (Mixamo's Flair) stood them 4-5 cm under the ground, kept up only where they would sink.
  const shift = Number.isFinite(align.floorAt) ? groundShift(sourceLowest, sourceFloor, result, below, align.floorAt) : 0;
  if (shift)
    for (let k = 0; k < times.length; k++) {
      poses[k]!.hipsAt[2] += shift;
      for (const ankle of result[k]!) ankle[2] += shift;
    }
  const plan = planFootLock(
    times,
    source,
    result,
    legs[0]!.lengths[0] + legs[0]!.lengths[1],
    legs.length,
    Number.isFinite(align.floorAt) ? floor : undefined,
  );
  return { legs, poses, plan, shift };
}

function describeLock(plan: FootLockPlan): string {
  const [left, right] = plan.runs;
  if (!(left + right)) return 'no planted feet found in the source: the feet are as transferred';
  return `feet held where the source's are planted: ${left} contacts on the left, ${right} on the right${plan.lowered ? `; the pelvis lowered on ${plan.lowered} keys for a foot to reach` : ''}`;
}

/** 60 Hz ticks from `start` to `end`, with `start` and `end` themselves where they fall between ticks. */
function keyTimes(start: number, end: number): Float32Array {
  const near = (t: number) => Math.abs(t * 60 - Math.round(t * 60)) < 0.06; // within 1 ms of a tick
  const first = near(start) ? Math.round(start * 60) : Math.ceil(start * 60);
  const last = near(end) ? Math.round(end * 60) : Math.floor(end * 60);
  const times: number[] = [];
  if (!near(start)) times.push(start);
  for (let k = first; k <= last; k++) times.push(k / 60);
  if (!near(end)) times.push(end);
  return Float32Array.from(times, (t) => Math.fround(t));
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
