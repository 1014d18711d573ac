// What changed between two IFP files: animations added and removed, and for each changed one, per
// bone, the largest rotation (degrees) and translation (metres) difference, sampled at the union of
// both clips' key times. Like the game, it sees the first animation of each name: later copies are
// shadowed, compared with nothing, and reported. Tracks pair as the game binds them: by bone id where
// both sides have it, else by name (a track without an id binds by its name).
import { indexByName, nameKey } from '../core/names.js';
import type { AnimationData, TrackData } from '../ifp/types.js';
import { trackSampler } from './track-sampler.js';

/** How one bone's track differs between two animations: the largest rotation angle and translation distance between them. */
export interface BoneDifference {
  boneName: string;
  boneId: number;
  maxAngleDeg: number;
  maxTranslation: number;
  /** Key counts in a and b (0 where the bone has no track there). */
  keys: [number, number];
}

/** An animation both files hold that differs: its bones that differ, and its durations in each. */
export interface ChangedAnimation {
  name: string;
  bones: BoneDifference[];
  /** Durations (last key time) in a and b, seconds. */
  duration: [number, number];
}

/** A later animation of a name (case ignored) that the game never plays: it finds the first. */
export interface ShadowedAnimation {
  side: 'a' | 'b';
  /** Its name, and its index in that side's list. */
  name: string;
  index: number;
  /** The name of the first one, which the game plays and the diff compares. */
  played: string;
}

/** What `diffIFP` finds between two IFP files: animations added, removed and changed. */
export interface IFPDiff {
  added: string[];
  removed: string[];
  changed: ChangedAnimation[];
  /** Warnings: the duplicates the comparison skipped, as the game does. */
  shadowed: ShadowedAnimation[];
}

const sameArray = (a: Float32Array | null, b: Float32Array | null) => {
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};
const sameTrack = (a: TrackData, b: TrackData) =>
  a.boneName === b.boneName &&
  a.boneId === b.boneId &&
  a.keyframeType === b.keyframeType &&
  sameArray(a.times, b.times) &&
  sameArray(a.rotations, b.rotations) &&
  sameArray(a.translations, b.translations) &&
  sameArray(a.scales, b.scales);
const duration = (animation: AnimationData) => animation.bones.reduce((d, bone) => Math.max(d, bone.times.at(-1) ?? 0), 0);

/** The animations the game plays, by name key (the first of each name), and the copies it never reaches. */
function played(list: readonly AnimationData[], side: 'a' | 'b', shadowed: ShadowedAnimation[]): Map<string, AnimationData> {
  const index = indexByName(list, (animation) => animation.name);
  list.forEach((animation, at) => {
    const first = index.get(nameKey(animation.name))!;
    if (first !== animation) shadowed.push({ side, name: animation.name, index: at, played: first.name });
  });
  return index;
}

/** Compares two lists of animations (`IFPEditor.animations`, or a reader's), by name as the game compares names. */
export function diffIFP(a: readonly AnimationData[], b: readonly AnimationData[]): IFPDiff {
  const shadowed: ShadowedAnimation[] = [];
  const left = played(a, 'a', shadowed);
  const right = played(b, 'b', shadowed);
  const added = [...right].filter(([key]) => !left.has(key)).map(([, animation]) => animation.name);
  const removed = [...left].filter(([key]) => !right.has(key)).map(([, animation]) => animation.name);
  const changed: ChangedAnimation[] = [];
  for (const [key, animation] of left) {
    const other = right.get(key);
    if (!other) continue;
    const same = animation.bones.length === other.bones.length && animation.bones.every((bone, i) => sameTrack(bone, other.bones[i]!));
    if (!same)
      changed.push({ name: animation.name, bones: boneDifferences(animation, other), duration: [duration(animation), duration(other)] });
  }
  return { added, removed, changed, shadowed };
}

function boneDifferences(a: AnimationData, b: AnimationData): BoneDifference[] {
  const pairs = pairTracks(a.bones, b.bones);
  return pairs.map(([x, y]) => {
    const named = (x ?? y)!;
    const result: BoneDifference = {
      boneName: named.boneName,
      boneId: named.boneId,
      maxAngleDeg: 0,
      maxTranslation: 0,
      keys: [x?.times.length ?? 0, y?.times.length ?? 0],
    };
    if (!x || !y) {
      result.maxAngleDeg = Infinity; // a bone driven on one side only
      return result;
    }
    const times = [...new Set([...x.times, ...y.times])].sort((p, q) => p - q);
    const sx = trackSampler(x);
    const sy = trackSampler(y);
    for (const time of times) {
      const p = sx(time);
      const q = sy(time);
      result.maxAngleDeg = Math.max(result.maxAngleDeg, angleDegrees(p.rotation, q.rotation));
      result.maxTranslation = Math.max(
        result.maxTranslation,
        Math.hypot(p.translation[0]! - q.translation[0]!, p.translation[1]! - q.translation[1]!, p.translation[2]! - q.translation[2]!),
      );
    }
    return result;
  });
}

/**
 * The angle between the rotations two quaternions give, in degrees: their directions compared, so a
 * key stored a little off unit length (SA's int16 keys, up to 5e-4; some retail fingers far more)
 * and its normalised copy are the same rotation.
 */
export function angleDegrees(p: ArrayLike<number>, q: ArrayLike<number>): number {
  let dot = 0;
  for (let c = 0; c < 4; c++) dot += p[c]! * q[c]!;
  const lengths = Math.hypot(p[0]!, p[1]!, p[2]!, p[3]!) * Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);
  const cos = Math.min(1, Math.abs(dot) / Math.max(1e-12, lengths));
  return (2 * Math.acos(cos) * 180) / Math.PI;
}

/**
 * The tracks of two clips paired as the game binds them: by bone id where both have it, then a track
 * without an id (or whose id the other side lacks) by its name, case ignored. Each track pairs once;
 * the rest are on one side only. In a's order, then b's unpaired.
 */
export function pairTracks(a: readonly TrackData[], b: readonly TrackData[]): Array<[TrackData | undefined, TrackData | undefined]> {
  const free = new Set(b);
  const pairs: Array<[TrackData | undefined, TrackData | undefined]> = a.map((x) => {
    const y = x.boneId >= 0 ? b.find((t) => free.has(t) && t.boneId === x.boneId) : undefined;
    if (y) free.delete(y);
    return [x, y];
  });
  for (const pair of pairs) {
    if (pair[1]) continue;
    const key = nameKey(pair[0]!.boneName.trim());
    // By name when either side has no id, or the ids differ only because one side's file has none.
    const y = b.find((t) => free.has(t) && nameKey(t.boneName.trim()) === key && (t.boneId < 0 || pair[0]!.boneId < 0));
    if (y) {
      free.delete(y);
      pair[1] = y;
    }
  }
  return [...pairs, ...[...free].map((y): [undefined, TrackData] => [undefined, y])];
}
