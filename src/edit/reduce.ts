// Key reduction: drop the keys whose removal keeps every bone within a tolerance, measured as the
// Animation Compression Library measures error (docs/reduce.md): how far a point 3 cm from each bone
// moves in model space. Greedy: the removal that costs least goes first, each re-checked against the
// state left by those before it, over the time span and the bones it changes only.
import { createSkeleton, type Skeleton } from '../core/skeleton.js';
import { IFPReader } from '../ifp/reader.js';
import type { AnimationData, IFPFormat, TrackData } from '../ifp/types.js';
import { writeIFP } from '../ifp/writer.js';
import { bindClip, type BoundClip } from '../playback/bind.js';
import type { SampledTrack, SkeletalClip } from '../playback/clip.js';
import { compose } from '../playback/matrices.js';
import { slerpInto } from '../playback/sample-js.js';
import { MinHeap } from './min-heap.js';
import { firstAtOrAbove, ReductionTimeline } from './reduce-timeline.js';
import { SHELL_DISTANCE_CM } from './shell-error.js';
import { trackData } from './track-data.js';

/**
 * How key reduction measures the error it leaves: in a model's hierarchy or per track, as the layout quantises, at a distance from the
 * bone.
 */
export interface ReduceOptions {
  /**
   * The model whose hierarchy the error is measured in (model space: a parent's error reaches its
   * children). Without one, each track is measured on its own, in its bone's local space: an IFP
   * stores no hierarchy, and its rotation-only tracks no bone lengths.
   */
  skeleton?: Skeleton;
  /** The format the file will be written in (default: each package's): compressed ANP3/ANP2 keys are measured as they quantise. */
  format?: IFPFormat;
  /** Centimetres from the bone to the measured point; default 3 (ACL's). */
  shellDistance?: number;
}

/** What key reduction did to one animation: its key counts before and after, the bytes saved, and the worst error it left. */
export interface AnimationReduction {
  name: string;
  keysBefore: number;
  keysAfter: number;
  /** Bytes the animation takes less in the written file. */
  bytesSaved: number;
  /** The largest shell error (cm) left, where it is; null when no key went. */
  worst: { bone: string; time: number; error: number } | null;
  /** Tracks that drive no bone of the skeleton: nothing measures them, so they keep every key. */
  unmeasured: string[];
  /** Bone transforms computed (one bone at one time each): linear in the clip's length, see MAX_SPAN. */
  work: number;
}

/** What `IFPEditor.reduce` did: the totals, the worst error of all and each animation's figures. */
export interface Reduction {
  /** Centimetres of shell error allowed. */
  tolerance: number;
  shellDistance: number;
  space: 'model' | 'local';
  keysBefore: number;
  keysAfter: number;
  bytesSaved: number;
  worst: { animation: string; bone: string; time: number; error: number } | null;
  animations: AnimationReduction[];
  work: number;
}

/**
 * A removal may join keys at most this many evaluation times apart (64 keys of a 60 Hz bake): one
 * check then costs at most this many times the bones below, so the work stays linear in the clip's
 * length where an unbounded span would make a long smooth clip quadratic. Runs of identical keys,
 * which need no check, are joined whatever their length.
 */
export const MAX_SPAN = 128;
/** Metres kept in hand under the tolerance for float rounding between a check and playback. */
const ROUNDING = 1e-6;

/** Reduces one animation: its report, and its new tracks (null when no key went). */
export function reduceAnimation(
  animation: AnimationData,
  tolerance: number,
  format: IFPFormat,
  options: ReduceOptions = {},
): { report: AnimationReduction; bones: TrackData[] | null } {
  // What the written file decodes to: compressed keys quantised exactly as the writer does it.
  const written = writeIFP([{ name: 'reduce', animations: [{ name: animation.name, bones: animation.bones }] }], { format });
  const tracks = trackData(new IFPReader(written, { strict: true }).animations[0]!);
  const keysBefore = tracks.reduce((n, track) => n + track.times.length, 0);
  const radius = (options.shellDistance ?? SHELL_DISTANCE_CM) / 100;
  const skeleton = options.skeleton ?? createSkeleton({ names: tracks.map((track) => track.boneName), parents: tracks.map(() => -1) });
  const bound = bindClip(clipOf(animation.name, tracks, options.skeleton ? 'id-or-name' : 'index'), skeleton);
  const unmeasured = bound.unmatchedTracks;
  const unchanged = (work: number) => ({
    report: { name: animation.name, keysBefore, keysAfter: keysBefore, bytesSaved: 0, worst: null, unmeasured, work },
    bones: null,
  });
  const times = evaluationTimes(tracks);
  if (!times) return unchanged(0);

  const maxSpan = MAX_SPAN;
  const timeline = new ReductionTimeline(bound, times, radius, maxSpan);
  const kept = removeKeys(timeline, bound, tolerance / 100 - ROUNDING, maxSpan);
  const reduced = tracks.map((track, index) => {
    const bone = bound.trackOfBone.indexOf(index);
    return bone >= 0 ? keepKeys(track, kept[bone]!) : track;
  });
  const keysAfter = reduced.reduce((n, track) => n + track.times.length, 0);
  if (keysAfter === keysBefore) return unchanged(timeline.work);
  const worst = timeline.worstOf(bindClip(clipOf(animation.name, reduced, bound.clip.bindBy), skeleton));
  const bytesSaved =
    written.length - writeIFP([{ name: 'reduce', animations: [{ name: animation.name, bones: reduced }] }], { format }).length;
  return {
    report: {
      name: animation.name,
      keysBefore,
      keysAfter,
      bytesSaved,
      worst: { bone: skeleton.names[worst.bone]?.trim() ?? '', time: worst.time, error: 100 * worst.error },
      unmeasured,
      work: timeline.work,
    },
    bones: reduced,
  };
}

function clipOf(name: string, tracks: TrackData[], bindBy: SkeletalClip['bindBy']): SkeletalClip {
  return { kind: 'clip', name, duration: Math.max(0, ...tracks.map((track) => track.times.at(-1) ?? 0)), bindBy, tracks };
}

/**
 * Every key time and every midpoint between two neighbouring ones: the error between keys peaks
 * between them. Null when a track's times are not finite and ascending (then nothing is reduced).
 */
function evaluationTimes(tracks: readonly TrackData[]): Float64Array | null {
  const keyTimes = new Set<number>();
  for (const track of tracks) {
    for (let k = 0; k < track.times.length; k++) {
      const time = track.times[k]!;
      if (!Number.isFinite(time) || (k > 0 && time < track.times[k - 1]!)) return null;
      keyTimes.add(time);
    }
  }
  const sorted = Float64Array.from(keyTimes).sort();
  const times = new Float64Array(Math.max(0, 2 * sorted.length - 1));
  sorted.forEach((time, i) => {
    times[2 * i] = time;
    if (i + 1 < sorted.length) times[2 * i + 1] = (time + sorted[i + 1]!) / 2;
  });
  return times;
}

interface Candidate {
  bone: number;
  key: number;
  error: number;
  requeued: boolean;
}

/** The greedy removal; returns, per skeleton bone, which keys of its track stay. */
function removeKeys(timeline: ReductionTimeline, bound: BoundClip, limit: number, maxSpan: number): Uint8Array[] {
  const tracks = bound.sampled.tracks;
  const kept = tracks.map((track) => new Uint8Array(track.times.length).fill(1));
  const prev = tracks.map((track) => Int32Array.from(track.times, (_, k) => k - 1));
  const next = tracks.map((track) => Int32Array.from(track.times, (_, k) => k + 1));
  const rotation = new Float32Array(4),
    translation = new Float32Array(3);

  /** The times a removal changes: those strictly between the keys around it. */
  const span = (bone: number, key: number): [number, number] => {
    const t = tracks[bone]!.times;
    return [firstAtOrAbove(timeline.times, t[prev[bone]![key]!]!, false), firstAtOrAbove(timeline.times, t[next[bone]![key]!]!, true) - 1];
  };
  let checked = false;
  /**
   * The error removing the key would leave (with its transforms kept for commit when `checked`): 0
   * for a key like both its neighbours, Infinity when it may not go.
   */
  const cost = (bone: number, key: number): number => {
    const track = tracks[bone]!;
    const p = prev[bone]![key]!,
      n = next[bone]![key]!;
    const t = track.times;
    checked = false;
    // Keys sharing a time make a step the game plays: kept.
    if (!(t[p]! < t[key]! && t[key]! < t[n]!)) return Infinity;
    if (sameKey(track, p, key) && sameKey(track, key, n)) return 0;
    const [from, to] = span(bone, key);
    if (to - from + 1 > maxSpan) return Infinity;
    checked = true;
    return timeline.check(
      bone,
      from,
      to,
      (time, out) => {
        // As the game samples the joined segment (sample-js.ts): shortest-arc slerp, lerp.
        const u = (time - t[p]!) / (t[n]! - t[p]!);
        slerpInto(track.rotations, 4 * p, track.rotations, 4 * n, u, rotation, 0);
        const v = track.translations!;
        for (let c = 0; c < 3; c++) translation[c] = v[3 * p + c]! + (v[3 * n + c]! - v[3 * p + c]!) * u;
        compose(rotation[0]!, rotation[1]!, rotation[2]!, rotation[3]!, translation[0]!, translation[1]!, translation[2]!, out);
      },
      limit,
    );
  };

  const heap = new MinHeap<Candidate>((c) => c.error);
  bound.trackOfBone.forEach((track, bone) => {
    if (track < 0) return;
    for (let key = 1; key + 1 < tracks[bone]!.times.length; key++) {
      const error = cost(bone, key);
      if (error <= limit) heap.push({ bone, key, error, requeued: false });
    }
  });
  for (let candidate = heap.pop(); candidate; candidate = heap.pop()) {
    const { bone, key } = candidate;
    // Earlier removals may have changed what this one costs: checked again, against the state now.
    const error = cost(bone, key);
    if (!(error <= limit)) continue;
    const cheaper = heap.peek();
    if (!candidate.requeued && cheaper && error > cheaper.error) {
      heap.push({ bone, key, error, requeued: true });
      continue;
    }
    if (checked) timeline.commit(bone, ...span(bone, key));
    kept[bone]![key] = 0;
    next[bone]![prev[bone]![key]!] = next[bone]![key]!;
    prev[bone]![next[bone]![key]!] = prev[bone]![key]!;
  }
  return kept;
}

/** Whether two keys of a track play the same (so joining them over a third like them changes nothing). */
function sameKey(track: SampledTrack, a: number, b: number): boolean {
  for (let c = 0; c < 4; c++) if (track.rotations[4 * a + c] !== track.rotations[4 * b + c]) return false;
  for (let c = 0; c < 3; c++) if (track.translations![3 * a + c] !== track.translations![3 * b + c]) return false;
  return true;
}

function keepKeys(track: TrackData, kept: Uint8Array): TrackData {
  const keys = Array.from(kept.keys()).filter((k) => kept[k]);
  if (keys.length === track.times.length) return track;
  const pick = (values: Float32Array | null, size: number) =>
    values && Float32Array.from(keys.flatMap((k) => Array.from(values.subarray(size * k, size * k + size))));
  return {
    ...track,
    times: pick(track.times, 1)!,
    rotations: pick(track.rotations, 4)!,
    translations: pick(track.translations, 3),
    scales: pick(track.scales, 3),
  };
}
