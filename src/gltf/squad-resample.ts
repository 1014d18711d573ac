// IGI 2 rotations interpolate with squad, which glTF's samplers cannot: they are resampled onto a
// regular grid. The grid ends where the keys do (a header duration is one u32 nothing ties to the
// keys), and every sample is charged to the export's budget, sized by the clips' keys, before any is made.
import type { WorkBudget } from '../core/work-budget.js';
import type { SkeletalClip } from '../playback/clip.js';
import { clipTracks } from '../playback/clip.js';
import { createPose } from '../playback/pose.js';
import { sampleClip } from '../playback/sample.js';

/** Rotation samples an export may make: a fixed allowance (8 MB of rotations) plus this many per key of its clips. */
export const EXPORT_BASE_SAMPLES = 500_000;
export const EXPORT_SAMPLES_PER_KEY = 64;

/** The rotation keys of the clips, wrap keys included: what the export's budget is sized by. */
export function rotationKeyCount(clips: readonly SkeletalClip[]): number {
  let keys = 0;
  for (const clip of clips) for (const track of clipTracks(clip).tracks) keys += track.times.length;
  return keys;
}

/**
 * Where a squad clip's resampling ends: the header's duration where its keys reach it, else the last
 * own key (the keys before the separator, and after it those a loop wraps into, up to the header's
 * duration). `header` says how far the header's value was from that, for a warning.
 */
export function keysDuration(clip: SkeletalClip): { end: number; header: number } {
  let ownEnd = 0;
  for (const track of clip.tracks) ownEnd = Math.max(ownEnd, lastFinite(track.times));
  let allEnd = ownEnd;
  for (const track of clipTracks(clip).tracks) allEnd = Math.max(allEnd, lastFinite(track.times));
  const header = clip.duration;
  const end = Math.max(ownEnd, Number.isFinite(header) ? Math.min(header, allEnd) : 0);
  return { end, header };
}

function lastFinite(times: Float32Array): number {
  let last = 0;
  for (const t of times) if (Number.isFinite(t) && t > last) last = t;
  return last;
}

/** Rotations of every track sampled with the clip's own curve (squad) at `rate` Hz to `end`, and at `end`. */
export function resampleRotations(
  clip: SkeletalClip,
  rate: number,
  end: number,
  trackCount: number,
  budget: WorkBudget,
): { times: Float32Array; rotations: Float32Array[] } {
  const frames = Math.floor(end * rate) + 2;
  budget.charge(frames * trackCount, `clip "${clip.name}": resampling ${trackCount} tracks over ${end} s at ${rate} Hz`);
  // Compared as the f32 times they become: a grid time equal to the end in f32 is the end (glTF's
  // times must increase strictly).
  const last = Math.fround(end);
  const times: number[] = [];
  for (let k = 0; Math.fround(k / rate) < last; k++) times.push(Math.fround(k / rate));
  times.push(last);
  const pose = createPose(clip);
  const rotations = Array.from({ length: trackCount }, () => new Float32Array(4 * times.length));
  times.forEach((time, k) => {
    sampleClip(clip, time, pose);
    for (let t = 0; t < trackCount; t++) {
      const q = pose.rotations.subarray(4 * t, 4 * t + 4);
      const length = Math.hypot(...q) || 1;
      rotations[t]!.set([q[0]! / length, q[1]! / length, q[2]! / length, q[3]! / length], 4 * k);
    }
  });
  return { times: Float32Array.from(times), rotations };
}
