import { ArgumentError } from '../core/errors.js';
import { resolveBackend, type Backend, type BackendOption } from '../core/wasm-kernel.js';
import type { BoundClip } from './bind.js';
import type { ClipTracks, SkeletalClip } from './clip.js';
import { sampledTracks, type Pose, type PoseBatch } from './pose.js';
import { sampleTracksJs } from './sample-js.js';
import { poseSampler } from './sampler-wasm.js';

/** How a clip is sampled: looped or held at its ends, which path samples it, and how rotations are interpolated. */
export interface SampleOptions {
  /** Wrap the time over the clip's duration. Default false: the end keys are held outside the keys. */
  loop?: boolean;
  /** As for decoding: `auto` (wasm SIMD build, then scalar, then TypeScript), or a forced path. */
  backend?: BackendOption;
  /**
   * For tracks with stored tangents (IGI 2): 'squad' (default) uses them, 'slerp' ignores them.
   * Such clips, and clips whose translations have key times of their own, are sampled in TypeScript.
   */
  interpolation?: 'squad' | 'slerp';
}

/**
 * Evaluates `clip` at `time` (seconds) into `pose`: shortest-arc slerp between the rotation keys
 * around `time`, lerp between translation keys. Keys are found by binary search. The first and last
 * keys are held outside the key range. A NaN time samples the start.
 *
 * A bare clip fills one pose entry per track (`createPose(clip)`). A bound clip (`bindClip`) fills one
 * per skeleton bone (`createPose(skeleton)`), with unit rotations, and rest values where no track
 * drives a bone. Returns the backend that ran ('js' also when the host refused the wasm memory).
 */
export function sampleClip(clip: SkeletalClip | BoundClip, time: number, pose: Pose, options: SampleOptions = {}): Backend {
  const tracks = sampledTracks(clip);
  if (pose.count !== tracks.tracks.length) {
    const hint = clip.kind === 'bound' ? 'make it with createPose(skeleton)' : 'make it with createPose(clip)';
    throw new ArgumentError('size-mismatch', `pose has ${pose.count} bones, the clip ${tracks.tracks.length} tracks: ${hint}`);
  }
  const backend = tracks.needsTypeScript ? 'js' : resolveBackend(options.backend, 'pose');
  const loop = options.loop ?? false;
  if (
    backend !== 'js' &&
    poseSampler(backend)?.sample(
      { clips: [tracks], times: [time], firstBones: FIRST_BONE_ZERO, loop },
      pose.count,
      pose.rotations,
      pose.translations,
    )
  )
    return backend;
  // Asked for js, a clip only TypeScript plays, or the host refused the wasm sampler memory.
  sampleTracksJs(tracks.tracks, tracks.duration, time, loop, pose.rotations, pose.translations, 0, options.interpolation !== 'slerp');
  return 'js';
}

/**
 * Samples instance i of the batch (its clip: `batch.clips[i]`) at `times[i]`, all in one wasm call:
 * for crowds. Returns the backend that ran.
 */
export function sampleBatch(batch: PoseBatch, times: ArrayLike<number>, options: SampleOptions = {}): Backend {
  if (times.length !== batch.clips.length)
    throw new ArgumentError('size-mismatch', `${times.length} times for ${batch.clips.length} instances`);
  const backend = resolveBackend(options.backend, 'pose');
  const loop = options.loop ?? false;
  const { clips, needsTypeScript } = batchTracks(batch);
  if (
    backend !== 'js' &&
    !needsTypeScript &&
    poseSampler(backend)?.sample({ clips, times, firstBones: batch.offsets, loop }, batch.boneCount, batch.rotations, batch.translations)
  )
    return backend;
  const squad = options.interpolation !== 'slerp';
  for (let i = 0; i < clips.length; i++)
    sampleTracksJs(clips[i]!.tracks, clips[i]!.duration, times[i]!, loop, batch.rotations, batch.translations, batch.offsets[i]!, squad);
  return 'js';
}

const FIRST_BONE_ZERO = [0];

interface BatchTracks {
  clips: ClipTracks[];
  needsTypeScript: boolean;
  /** The distinct clips whose memory a decoder may take back: checked on every call. */
  guarded: SkeletalClip[];
}

// Per batch clip list (a read-only array), what its instances play: looked up once, not every frame.
const batchCache = new WeakMap<PoseBatch['clips'], BatchTracks>();

function batchTracks(batch: PoseBatch): BatchTracks {
  let found = batchCache.get(batch.clips);
  if (!found) {
    const clips = batch.clips.map(sampledTracks);
    const guarded = [...new Set(batch.clips.map((clip) => (clip.kind === 'bound' ? clip.clip : clip)).filter((clip) => clip.assertUsable))];
    found = { clips, needsTypeScript: clips.some((clip) => clip.needsTypeScript), guarded };
    batchCache.set(batch.clips, found);
  }
  for (const clip of found.guarded) clip.assertUsable!();
  return found;
}
