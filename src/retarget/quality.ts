// How right a retargeting came out, measured the way a user would see it and by code that shares
// nothing with the solve: the written IFP is read back and posed on the skin by the library's own
// sampler; the source is posed from its keys by the evaluator below (its own interpolation and its
// own matrices, not the RigSampler the solve reads it with). Per clip: the angle between source and
// result segment directions in the game's world (upper arms, forearms, thighs, shins; spine, neck),
// and how far the hips' line turns from the source's (facing), every 60 Hz tick.
import type { Skeleton } from '../core/skeleton.js';
import { IFPReader } from '../ifp/reader.js';
import { bindClip } from '../playback/bind.js';
import { poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import { sampleClip } from '../playback/sample.js';
import type { SourceClip, SourceRig } from './rig.js';
import { SourcePoser } from './source-poser.js';

/** Angle errors over a clip's frames, in degrees: the median, the 95th percentile and the worst, with where the worst is. */
export interface AngleStats {
  /** Degrees. */
  median: number;
  p95: number;
  worst: number;
  /** The segment and time of the worst: "L ForeArm at 1.250 s". */
  worstAt: string;
}

/**
 * How well one retargeted clip follows its source: the reference pose, the angle errors of limbs, torso and facing, the feet (height,
 * sinking, sliding), the root's path, and warnings past the limits.
 */
export interface ClipQuality {
  /** The animation's name as written. */
  animation: string;
  /** The pose the motion was measured against (reference.ts's description). */
  reference: string;
  /** Upper arms, forearms, thighs and shins. */
  limbs: AngleStats;
  /** Spine (pelvis-side spine joint to neck) and neck (neck to head). */
  torso: AngleStats;
  /** The largest turn of the hips' line about the game's up axis from the source's, degrees. */
  facing: number;
  /**
   * The feet's height above the ground, result against source (the source's scaled by the legs' lengths
   * as measured here), each from its own floor (the lowest foot joint's 5th percentile over the clip):
   * the median difference and the deepest sink below the source's, in metres (negative: lower).
   */
  feet: { median: number; sink: number };
  /**
   * How far the feet slide on the ground where the source's are planted (a foot joint slower than
   * 15 cm/s and within 5 cm of its floor, both scaled to the model), summed over the clip in metres:
   * the result's and the source's, scaled; over each run of such ticks a foot's path counts in steps
   * of at least 2 mm (the written clip's int16 rotations wobble a still ankle by a fraction of one).
   * `drift`: on each contact (a run of such ticks), how far the result's ankle gets from where the
   * source's own movement since the contact began would put it, at most, summed over the `contacts`;
   * `worst`, the largest on one. The limits are on the drift: the sums alone count the wobble too.
   */
  slide: { result: number; source: number; drift: number; worst: number; contacts: number };
  /** The pelvis's path over the ground against the source's hips', scaled by the legs: 1 is the same distance. */
  rootPath: number;
  /**
   * The feet against the model's ground (the game's idle's when given, else the standing rest's lowest
   * foot), metres: `median`, the result's lowest foot joint's height above it less the source's above
   * its floor (scaled), at the median (positive floats); `sink`, how much further under it the result's
   * goes than the source's under its floor, at worst (0 when never).
   */
  ground: { median: number; sink: number };
  /**
   * How far the pelvis strays from the source's hips (each counted from its first tick, the source's
   * scaled by the legs), metres at worst: over the ground, beyond 3 cm plus 3% of the source's path so
   * far (0 within it), and up and down.
   */
  root: { horizontal: number; vertical: number };
  /** Ticks measured: every 60 Hz tick, or 200 spread evenly over a longer clip. */
  ticks: number;
  /** Limits passed, one line each (empty when within all). */
  warnings: string[];
}

/** A planted foot's movement under this (metres) is not counted as sliding until it adds up past it. */
const SLIDE_STEP = 0.002;

/** At most this many ticks are measured per clip. */
const MEASURED_TICKS = 200;

/** Past these a clip is warned about, and `--strict` writes nothing (degrees). */
export const QUALITY_LIMITS = {
  limbsP95: 5,
  torsoMedian: 15,
  facing: 5,
  /**
   * Metres a foot may go under the model's ground where the source's is not under its floor (on a ground that is only the skin's
   * straight-legged rest, a tenth of the legs, as `float`).
   */
  sink: 0.03,
  /**
   * Metres the feet may stand off the model's ground at the median when the game's idle (its clip or its leg pose) gave it; on the skin's
   * straight-legged rest, a tenth of the legs (SA's own clips stand 4-6 cm off it).
   */
  float: 0.03,
  /**
   * Metres a planted foot may drift from where the source's own movement takes it, on one contact, and in all beyond `slidePerContact` a
   * contact.
   */
  slide: 0.02,
  /** Metres of drift a contact allowed for the written clip's wobble (int16 rotations move a still ankle by a fraction of a millimetre). */
  slidePerContact: 0.002,
  /** Metres the pelvis may stray up or down from the source's hips (over the ground: 3 cm + 3% of the path, in `root.horizontal`). */
  rootVertical: 0.05,
};

/** The segments measured, from bone to bone (HAnim ids), named by the first. */
const LIMBS: ReadonlyArray<[number, number]> = [
  [32, 33],
  [33, 34],
  [22, 23],
  [23, 24],
  [41, 42],
  [42, 43],
  [51, 52],
  [52, 53],
];
const TORSO: ReadonlyArray<[number, number]> = [
  [2, 4],
  [4, 5],
];

export interface MeasuredClip {
  clip: SourceClip;
  /** The animation written for it. */
  animation: string;
  reference: string;
  /** Source world to game world (4x4 column-major; its rotation part is used). */
  turn: ArrayLike<number>;
  start: number;
  end: number;
  /** The model's ground height, and whether the game's idle (its clip or its leg pose) gave it (else the standing rest's lowest foot). */
  ground: { height: number; given: boolean };
}

type V = number[];
const sub = (a: V, b: V) => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const degreesBetween = (a: V, b: V) => {
  const c = [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  return (Math.atan2(Math.hypot(c[0]!, c[1]!, c[2]!), a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!) * 180) / Math.PI;
};

/** Measures every clip of a written IFP (`ifp`) against its source. `jointOfBone` is the bone map. */
export function measureQuality(
  rig: SourceRig,
  ifp: Uint8Array,
  skeleton: Skeleton,
  jointOfBone: ArrayLike<number>,
  clips: readonly MeasuredClip[],
): ClipQuality[] {
  const reader = new IFPReader(ifp);
  return clips.map((c) => {
    const bound = bindClip(reader.getAnimation(c.animation)!, skeleton);
    const pose = createPose(skeleton);
    const source = new SourcePoser(rig, c.clip);
    const limbs: Array<[number, string]> = [];
    const torso: Array<[number, string]> = [];
    let facing = 0;
    const heights: Array<[number, number]> = [];
    let legs: [number, number] | null = null;
    // Per measured tick: each ankle's position (result, source) and the pelvis's, for the slide and the path.
    const tracks: Array<{ ankles: Array<[V, V] | null>; hips: [V, V] | null }> = [];
    const ticks = Math.max(1, Math.ceil((c.end - c.start) * 60 - 1e-3));
    const turn = (v: V) => [0, 1, 2].map((row) => c.turn[row]! * v[0]! + c.turn[4 + row]! * v[1]! + c.turn[8 + row]! * v[2]!);
    // Every tick, or (in clips over 3.3 s) 200 spread evenly: the statistics settle long before.
    const step = Math.max(1, Math.ceil((ticks + 1) / MEASURED_TICKS));
    for (let k = 0; k <= ticks; k += step) {
      const time = Math.min(c.end, c.start + k / 60);
      sampleClip(bound, time, pose);
      const game = poseToMatrices(pose, skeleton);
      const joints = source.positions(time);
      const gameAt = (id: number) => {
        const b = skeleton.indexOf(id);
        return b < 0 ? null : [game[16 * b + 12]!, game[16 * b + 13]!, game[16 * b + 14]!];
      };
      const sourceAt = (id: number) => {
        const b = skeleton.indexOf(id);
        const j = b < 0 ? -1 : jointOfBone[b]!;
        return j < 0 ? null : turn([joints[3 * j]!, joints[3 * j + 1]!, joints[3 * j + 2]!]);
      };
      for (const [list, out] of [
        [LIMBS, limbs],
        [TORSO, torso],
      ] as const) {
        for (const [from, to] of list) {
          const [a, b, p, q] = [gameAt(from), gameAt(to), sourceAt(from), sourceAt(to)];
          if (!a || !b || !p || !q) continue;
          const angle = degreesBetween(sub(b, a), sub(q, p));
          if (Number.isFinite(angle)) out.push([angle, `${skeleton.names[skeleton.indexOf(from)]!.trim()} at ${time.toFixed(3)} s`]);
        }
      }
      // Heights along the game's up: the lowest foot joint of each, and the legs' lengths once.
      const lowest = (at: (id: number) => V | null) => Math.min(...[43, 44, 53, 54].map((id) => at(id)?.[2] ?? Infinity));
      const [gh, sh] = [lowest(gameAt), lowest(sourceAt)];
      if (Number.isFinite(gh) && Number.isFinite(sh)) heights.push([gh, sh]);
      if (!legs) {
        const length = (at: (id: number) => V | null) =>
          [41, 42, 51, 52].reduce((sum, id) => {
            const [a, b] = [at(id), at(id + 1)];
            return a && b ? sum + Math.hypot(...sub(b, a)) : Number.NaN;
          }, 0);
        const [gl, sl] = [length(gameAt), length(sourceAt)];
        if (gl > 0 && sl > 0) legs = [gl, sl];
      }
      const pair = (id: number): [V, V] | null => {
        const [g, s] = [gameAt(id), sourceAt(id)];
        return g && s ? [g, s] : null;
      };
      tracks.push({ ankles: [pair(43), pair(53)], hips: pair(1) });
      const [gl, gr, sl, sr] = [gameAt(41), gameAt(51), sourceAt(41), sourceAt(51)];
      if (gl && gr && sl && sr) {
        const [g, s] = [sub(gl, gr), sub(sl, sr)];
        facing = Math.max(facing, (Math.abs(Math.atan2(g[0]! * s[1]! - g[1]! * s[0]!, g[0]! * s[0]! + g[1]! * s[1]!)) * 180) / Math.PI);
      }
    }
    const [gameFloor, sourceFloor] = [0, 1].map((i) => fifthPercentile(heights.map((h) => h[i]!)));
    const ratio = legs ? legs[0] / legs[1] : 1;
    const differences = heights.map(([g, s]) => g - gameFloor! - ratio * (s - sourceFloor!)).sort((a, b) => a - b);
    const feet = {
      median: differences.length ? differences[Math.round(0.5 * (differences.length - 1))]! : 0,
      sink: Math.min(0, differences[0] ?? 0),
    };
    const flat = (a: V, b: V) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
    const slide = { result: 0, source: 0, drift: 0, worst: 0, contacts: 0 };
    // The ankles on every tick, for the contacts: one lasts a few ticks, and two of the 200 samples of a
    // long clip, 0.3 s apart, can hold a whole step between them (Bandai's dance: contacts 5 cm adrift
    // where every tick shows them within 4 mm).
    const ankleTicks =
      step === 1
        ? tracks.map((t) => t.ankles)
        : Array.from({ length: ticks + 1 }, (_, k): Array<[V, V] | null> => {
            const time = Math.min(c.end, c.start + k / 60);
            sampleClip(bound, time, pose);
            const game = poseToMatrices(pose, skeleton);
            const joints = source.positions(time);
            return [43, 53].map((id) => {
              const b = skeleton.indexOf(id);
              const j = b < 0 ? -1 : jointOfBone[b]!;
              return j < 0
                ? null
                : [
                    [game[16 * b + 12]!, game[16 * b + 13]!, game[16 * b + 14]!],
                    turn([joints[3 * j]!, joints[3 * j + 1]!, joints[3 * j + 2]!]),
                  ];
            });
          });
    // Each ankle's own floor: where it is when its foot stands (the ankle sits above the sole).
    const ankleFloor = [0, 1].map((side) => fifthPercentile(ankleTicks.flatMap((t) => (t[side] ? [t[side]![1][2]!] : []))));
    // Over each run of planted steps, a foot's path counts from where it last moved more than SLIDE_STEP:
    // the written clip's int16 rotations wobble a still ankle by a fraction of a millimetre a tick,
    // which, summed tick by tick, made an idle's still feet "slide" 3-7 cm.
    // Each contact's drift: how far the result's ankle gets, over the ground, from where the source's
    // own movement since the contact began would put it (the source's scaled): a planted foot held as
    // the source holds its own drifts by that wobble alone, one that skates by the whole skate.
    for (let side = 0; side < 2; side++) {
      let anchor: [V, V] | null = null;
      let start: [V, V] | null = null;
      let drift = 0;
      const endContact = () => {
        if (start) [slide.drift, slide.worst, slide.contacts] = [slide.drift + drift, Math.max(slide.worst, drift), slide.contacts + 1];
        [anchor, start, drift] = [null, null, 0];
      };
      for (let k = 1; k < ankleTicks.length; k++) {
        const [now, before] = [ankleTicks[k]![side], ankleTicks[k - 1]![side]];
        const speed = now && before ? Math.hypot(...sub(now[1], before[1])) * ratio * 60 : Infinity;
        if (!now || !before || speed > 0.15 || (Math.min(now[1][2]!, before[1][2]!) - ankleFloor[side]!) * ratio > 0.05) {
          endContact();
          continue;
        }
        anchor ??= [before[0], before[1]];
        start ??= [before[0], before[1]];
        const [result, source] = [flat(now[0], anchor[0]), flat(now[1], anchor[1]) * ratio];
        if (result > SLIDE_STEP) [slide.result, anchor[0]] = [slide.result + result, now[0]];
        if (source > SLIDE_STEP) [slide.source, anchor[1]] = [slide.source + source, now[1]];
        const [g, t] = [sub(now[0], start[0]), sub(now[1], start[1]).map((v) => v * ratio)];
        drift = Math.max(drift, Math.hypot(g[0]! - t[0]!, g[1]! - t[1]!));
      }
      endContact();
    }
    let [gamePath, sourcePath] = [0, 0];
    const root = { horizontal: 0, vertical: 0 };
    const first = tracks.find((t) => t.hips)?.hips;
    for (let k = 1; k < tracks.length; k++) {
      const [now, before] = [tracks[k]!.hips, tracks[k - 1]!.hips];
      if (!now || !before || !first) continue;
      gamePath += flat(now[0], before[0]);
      sourcePath += flat(now[1], before[1]) * ratio;
      const [g, s] = [sub(now[0], first[0]), sub(now[1], first[1]).map((v) => v * ratio)];
      root.horizontal = Math.max(root.horizontal, Math.hypot(g[0]! - s[0]!, g[1]! - s[1]!) - 0.03 - 0.03 * sourcePath);
      root.vertical = Math.max(root.vertical, Math.abs(g[2]! - s[2]!));
    }
    const rootPath = sourcePath > 1e-3 ? gamePath / sourcePath : 1;
    const onGround = heights.map(([g, s]) => g - c.ground.height - ratio * (s - sourceFloor!)).sort((a, b) => a - b);
    const ground = {
      median: onGround.length ? onGround[Math.round(0.5 * (onGround.length - 1))]! : 0,
      sink: Math.min(0, ...heights.map(([g, s]) => g - c.ground.height - Math.min(0, ratio * (s - sourceFloor!)))),
    };
    const quality: ClipQuality = {
      animation: c.animation,
      reference: c.reference,
      limbs: stats(limbs),
      torso: stats(torso),
      facing,
      feet,
      slide,
      rootPath,
      ground,
      root,
      ticks: tracks.length,
      warnings: [],
    };
    const floatLimit = c.ground.given ? QUALITY_LIMITS.float : 0.1 * (legs ? legs[0] / 2 : 0.87);
    if (quality.limbs.p95 > QUALITY_LIMITS.limbsP95)
      quality.warnings.push(`limbs ${quality.limbs.p95.toFixed(1)} degrees off at the 95th percentile (limit ${QUALITY_LIMITS.limbsP95})`);
    if (quality.torso.median > QUALITY_LIMITS.torsoMedian)
      quality.warnings.push(`torso ${quality.torso.median.toFixed(1)} degrees off at the median (limit ${QUALITY_LIMITS.torsoMedian})`);
    if (quality.facing > QUALITY_LIMITS.facing)
      quality.warnings.push(`facing up to ${quality.facing.toFixed(1)} degrees off the source's (limit ${QUALITY_LIMITS.facing})`);
    const cm = (metres: number) => (metres * 100).toFixed(1);
    if (Number.isFinite(ground.median) && Math.abs(ground.median) > floatLimit)
      quality.warnings.push(
        `the feet stand ${cm(Math.abs(ground.median))} cm ${ground.median > 0 ? 'above' : 'below'} the model's ground at the median, against the source's on its floor (limit ${cm(floatLimit)}${c.ground.given ? '' : ', a tenth of the legs: the ground is only the rest of the skin'})`,
      );
    // Without the game's idle the ground is the straight-legged rest's, which SA's own clips stand off by as much.
    const sinkLimit = c.ground.given ? QUALITY_LIMITS.sink : floatLimit;
    if (ground.sink < -sinkLimit)
      quality.warnings.push(
        `a foot goes ${cm(-ground.sink)} cm further under the model's ground than the source's under its floor (limit ${cm(sinkLimit)}${c.ground.given ? '' : ', a tenth of the legs: the ground is only the rest of the skin'})`,
      );
    if (slide.worst > QUALITY_LIMITS.slide || slide.drift > QUALITY_LIMITS.slide + QUALITY_LIMITS.slidePerContact * slide.contacts)
      quality.warnings.push(
        `planted feet stray from the source's ${cm(slide.drift)} cm over ${slide.contacts} contacts, ${cm(slide.worst)} at worst on one (limits: ${cm(QUALITY_LIMITS.slide)} on one, ${cm(QUALITY_LIMITS.slide)} + ${(QUALITY_LIMITS.slidePerContact * 1000).toFixed(0)} mm a contact in all); they slide ${cm(slide.result)} cm, the source's ${cm(slide.source)}`,
      );
    // The issue's own measure, beside the drift: the summed slide on the source's contacts, no more than the source's plus 2 cm.
    if (slide.result > slide.source + QUALITY_LIMITS.slide)
      quality.warnings.push(
        `planted feet slide ${cm(slide.result)} cm, the source's ${cm(slide.source)} (limit: the source's plus ${cm(QUALITY_LIMITS.slide)})`,
      );
    if (root.horizontal > 0)
      quality.warnings.push(`the pelvis strays ${cm(root.horizontal)} cm over the ground beyond 3 cm + 3% of the source's path`);
    if (root.vertical > QUALITY_LIMITS.rootVertical)
      quality.warnings.push(
        `the pelvis strays ${cm(root.vertical)} cm up or down from the source's hips (limit ${cm(QUALITY_LIMITS.rootVertical)})`,
      );
    return quality;
  });
}

const fifthPercentile = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(0.05 * (sorted.length - 1))]! : 0;
};

/** One line of a clip's quality, as the command prints it. */
export function describeQuality(q: ClipQuality): string {
  const s = (a: AngleStats) => `median ${a.median.toFixed(1)}, p95 ${a.p95.toFixed(1)}, worst ${a.worst.toFixed(1)} (${a.worstAt})`;
  return `"${q.animation}" against the source, degrees over ${q.ticks} ticks: limbs ${s(q.limbs)}; torso ${s(q.torso)}; facing within ${q.facing.toFixed(1)}; feet above the ground ${signed(q.feet.median * 100)} cm from the source's at the median, at worst ${signed(q.feet.sink * 100)}; planted feet slide ${(q.slide.result * 100).toFixed(1)} cm (the source's ${(q.slide.source * 100).toFixed(1)}), straying from it ${(q.slide.drift * 100).toFixed(1)} cm over ${q.slide.contacts} contacts, ${(q.slide.worst * 100).toFixed(1)} at worst; against the model's ground ${signed(q.ground.median * 100)} cm at the median, under it at most ${(-q.ground.sink * 100).toFixed(1)} cm; root path ${q.rootPath.toFixed(3)} of the source's, straying ${(q.root.horizontal * 100).toFixed(1)} cm past 3 cm + 3% over the ground, ${(q.root.vertical * 100).toFixed(1)} cm up or down`;
}

const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}`;

function stats(values: Array<[number, string]>): AngleStats {
  if (!values.length) return { median: 0, p95: 0, worst: 0, worstAt: 'nothing measured' };
  const sorted = values.map((v) => v[0]).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))]!;
  const worst = values.reduce((w, v) => (v[0] > w[0] ? v : w));
  return { median: at(0.5), p95: at(0.95), worst: worst[0], worstAt: worst[1] };
}
