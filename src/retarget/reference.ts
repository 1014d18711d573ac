// The source's reference pose, found rather than assumed: the pose the motion is measured against.
// Its rest when the rest is a standing body (a T-pose, an A-pose, arms down, the skin's own rest); else
// (mocap whose zero pose is no body pose) the frame of the motion that is most plainly a standing body.
// The turn between the worlds comes from the body too: up along the reference's spine, facing the way
// the body faces over the motion, each snapped to the axis it is near (tools place rigs on axes).
import {
  cross,
  identity,
  multiply,
  positionOf,
  transposed,
  dot,
  normalised,
  scaled,
  subtract,
  type Matrix,
  type Vector,
} from '../core/transforms.js';
import { bodyFrame, describePose, isBody, isStanding, measureStanding, standingScore, type JointAt, type StandingMeasure } from './body.js';
import { RetargetError } from './errors.js';
import { clipTiming, RigSampler, type SourceClip, type SourceRig } from './rig.js';

/** Which pose the motion is measured against: found ('auto'), the rest, the rest told to be a T-pose, or a frame of each clip. */
export type SourcePose = 'auto' | 'rest' | 'tpose' | { frame: number };

export interface Reference {
  /** Each source joint's world matrix in the reference pose. */
  worlds: Matrix[];
  /** The rotation from the source's world to the game's (Z up, facing +Y). */
  turn: Matrix;
  /** What the reference is, for the report and the quality document: "the rest (a T-pose)", "frame 12 (0.100 s) ...". */
  description: string;
  /** The frame of the clip used, or null for the rest. */
  frame: number | null;
  /**
   * Whether the reference stands with its feet flat: a rest that stands (or is told to), where the
   * game's feet are stood flat too, whatever pitch the rig's ankle-to-toe segment has. A frame of a
   * clip may have a foot lifted or on its toes: there the game's feet follow the source's segments.
   */
  feetFlat: boolean;
  /**
   * How far the reference's lowest foot joint stands above the floor of the motion, along up (source
   * units): the floor is where the feet are over the clip (a low percentile, so jumps do not lift it),
   * never the root's OFFSET, which mocap files often write as 0.
   */
  aboveFloor: number;
  /**
   * Where the hips' travel over the ground is counted from: the reference's hips for a rest, the
   * clip's first frame's for a frame of it (else a walk measured at its middle would start a metre back).
   */
  anchor: Vector | null;
}

/** The floor is this fraction of the way up the motion's lowest-foot heights: below it, a few frames of noise. */
const FLOOR_PERCENTILE = 0.05;
/** Foot and toe joints (HAnim ids), whose lowest is the body's contact with the floor. */
const FEET = [43, 44, 53, 54];

/** At most this many frames of a clip are read to find a standing one and the body's facing. */
const LOOKS = 90;
/** Within this of an axis (radians), up and facing are taken as that axis. */
const SNAP = (30 * Math.PI) / 180;
/** Up is snapped further: a body leans (a sprint, a bow) far more than a rig's world is ever tilted. */
const UP_SNAP = (45 * Math.PI) / 180;

/**
 * The reference pose of a clip. `jointOfId` gives the source joint standing for each game bone's
 * HAnim id. Throws a `no-reference` RetargetError, naming the option to pass, when nothing stands.
 */
export function findReference(
  rig: SourceRig,
  clip: SourceClip,
  jointOfId: ReadonlyMap<number, number>,
  option: SourcePose = 'auto',
  timing = clipTiming(clip),
): Reference {
  const positionsAt =
    (worlds: Matrix[]): JointAt =>
    (id) => {
      const joint = jointOfId.get(id);
      return joint === undefined ? null : positionOf(worlds[joint]!);
    };
  const rest = new RigSampler(rig, null).worlds(0);
  const sampler = new RigSampler(rig, clip);
  const { start, end, rate } = timing;
  const frames = Math.max(0, Math.round((end - start) * rate));
  const step = Math.max(1, Math.ceil((frames + 1) / LOOKS));
  const looks: Array<{ frame: number; worlds: Matrix[] }> = [];
  for (let frame = 0; frame <= frames; frame += step) looks.push({ frame, worlds: sampler.worlds(Math.min(end, start + frame / rate)) });
  const restMeasure = measureStanding(positionsAt(rest));
  let chosen: { worlds: Matrix[]; frame: number | null; description: string };
  if (typeof option === 'object') {
    if (!(Number.isInteger(option.frame) && option.frame >= 0 && option.frame <= frames))
      throw new RetargetError(
        'no-reference',
        `"${clip.name}" has frames 0 to ${frames} at ${rate} Hz: there is no frame ${option.frame} (--source-pose frame:N)`,
      );
    chosen = {
      worlds: sampler.worlds(Math.min(end, start + option.frame / rate)),
      frame: option.frame,
      description: `frame ${option.frame} (${(option.frame / rate).toFixed(3)} s), as told`,
    };
  } else if (option === 'rest' || option === 'tpose') {
    chosen = {
      worlds: rest,
      frame: null,
      description:
        option === 'tpose' ? 'the rest (told: a T-pose)' : `the rest, as told${restMeasure ? ` (${describePose(restMeasure)})` : ''}`,
    };
  } else if (isStanding(restMeasure)) {
    chosen = { worlds: rest, frame: null, description: `the rest (${describePose(restMeasure!)})` };
  } else {
    let best: { frame: number; worlds: Matrix[]; measure: StandingMeasure } | null = null;
    for (const look of looks) {
      const measure = measureStanding(positionsAt(look.worlds));
      if (measure && (!best || standingScore(measure) < standingScore(best.measure))) best = { ...look, measure };
    }
    const why = restMeasure
      ? `legs ${Math.round(restMeasure.legs)} degrees off the spine's line, shoulders ${Math.round(restMeasure.twist)} turned from the hips`
      : 'its hips and neck on one line';
    // A clip that never stands (a run) is measured against its most nearly standing frame: the
    // directions are matched whatever the pose, and up and facing need only a body.
    if (!isBody(best?.measure ?? null))
      throw new RetargetError(
        'no-reference',
        `no standing body to measure "${clip.name}" by: the rest is no body pose (${why}) and no frame stands (pass --source-pose frame:N for a frame that does, or --source-pose tpose if the rest is a T-pose)`,
      );
    chosen = {
      worlds: best!.worlds,
      frame: best!.frame,
      description: `frame ${best!.frame} (${(best!.frame / rate).toFixed(3)} s), the most ${isStanding(best!.measure) ? `plainly standing (${describePose(best!.measure)})` : `nearly standing (legs up to ${Math.round(best!.measure.legs)} degrees off the spine's line)`}: the rest is no body pose (${why})`,
    };
  }
  const frame = bodyFrame(positionsAt(chosen.worlds));
  if (!frame)
    throw new RetargetError(
      'no-reference',
      `the reference of "${clip.name}" has no hips and neck to stand it up by; give a map file (--map MAP.json)`,
    );
  // Up: the body's over the motion (a dash leans its most nearly standing frame 40 degrees forward, a
  // tilt that would turn the run uphill), snapped to the axis it is within UP_SNAP of; else the reference's.
  const upSum: Vector = [0, 0, 0];
  for (const look of looks) {
    const f = bodyFrame(positionsAt(look.worlds));
    if (f) for (let c = 0; c < 3; c++) upSum[c] = upSum[c]! + f.up[c]!;
  }
  const meanUp = Math.hypot(...upSum) > 0 ? normalised(upSum) : frame.up;
  const up = nearAxis(meanUp, UP_SNAP) ?? nearAxis(frame.up, UP_SNAP) ?? snapped(frame.up);
  // Facing: the body's over the motion (a dance that turns round has none: then the reference's).
  const flat = (v: Vector) => normalised(subtract(v, scaled(up, dot(v, up))));
  const sum: Vector = [0, 0, 0];
  for (const look of looks) {
    const f = bodyFrame(positionsAt(look.worlds));
    if (f) for (let c = 0; c < 3; c++) sum[c] = sum[c]! + flat(f.forward)[c]!;
  }
  const steady = Math.hypot(...sum) >= 0.5 * looks.length;
  const forward = flat(snapped(steady ? normalised(sum) : frame.forward));
  const left = cross(up, forward);
  // The source's basis (left, up, forward) onto the game's (-X, +Z, +Y).
  const from = identity();
  from.set(left, 0);
  from.set(up, 4);
  from.set(forward, 8);
  const to = identity();
  to.set([-1, 0, 0], 0);
  to.set([0, 0, 1], 4);
  to.set([0, 1, 0], 8);
  const lowestFoot = (worlds: Matrix[]) => {
    const at = positionsAt(worlds);
    return Math.min(...FEET.map((id) => at(id)).map((p) => (p ? dot(p, up) : Infinity)));
  };
  const heights = looks
    .map((look) => lowestFoot(look.worlds))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const footAtReference = lowestFoot(chosen.worlds);
  const floor = heights.length ? heights[Math.floor(FLOOR_PERCENTILE * (heights.length - 1))]! : footAtReference;
  const aboveFloor = Number.isFinite(footAtReference - floor) ? footAtReference - floor : 0;
  const anchor = chosen.frame === null ? null : positionsAt(looks[0]?.worlds ?? chosen.worlds)(1);
  return {
    worlds: chosen.worlds,
    turn: multiply(to, transposed(from)),
    description: chosen.description,
    frame: chosen.frame,
    feetFlat: chosen.frame === null,
    aboveFloor,
    anchor,
  };
}

/** The axis a direction is within `limit` (radians) of, or null. */
function nearAxis(v: Vector, limit: number): Vector | null {
  const snappedTo = snapped(v, limit);
  return snappedTo.filter((c) => c !== 0).length === 1 && snappedTo.some((c) => Math.abs(c) === 1) ? snappedTo : null;
}

/** The axis a direction is within SNAP of, else the direction itself. */
function snapped(v: Vector, limit = SNAP): Vector {
  const line = normalised(v);
  let axis = 0;
  for (let c = 1; c < 3; c++) if (Math.abs(line[c]!) > Math.abs(line[axis]!)) axis = c;
  if (Math.acos(Math.min(1, Math.abs(line[axis]!))) > limit) return line;
  const out: Vector = [0, 0, 0];
  out[axis] = Math.sign(line[axis]!);
  return out;
}

/** Describes a turn by where each source axis goes: "source +X to -X, +Y to +Z, +Z to +Y". */
export function describeTurn(turn: Matrix): string {
  const axis = (column: number) => {
    const v = [turn[4 * column]!, turn[4 * column + 1]!, turn[4 * column + 2]!];
    const c = v.map(Math.abs).indexOf(Math.max(...v.map(Math.abs)));
    const exact = Math.abs(Math.abs(v[c]!) - 1) < 1e-9;
    return `${v[c]! < 0 ? '-' : '+'}${'XYZ'[c]}${exact ? '' : ' (about)'}`;
  };
  return `source +X to ${axis(0)}, +Y to ${axis(1)}, +Z to ${axis(2)}`;
}
