// One track's value at any time, as playback samples it: what trim samples its ends with and what
// diff compares. The track is played alone as a one-track clip, in TypeScript (no wasm upload per track).
import { createPose } from '../playback/pose.js';
import { sampleClip } from '../playback/sample.js';
import type { TrackData } from '../ifp/types.js';

export function trackSampler(track: TrackData): (time: number) => { rotation: Float32Array; translation: Float32Array } {
  const clip = { kind: 'clip' as const, name: '', duration: track.times.at(-1) ?? 0, bindBy: 'id-or-name' as const, tracks: [track] };
  const pose = createPose(clip);
  return (time) => {
    sampleClip(clip, time, pose, { backend: 'js' });
    return { rotation: pose.rotations.slice(0, 4), translation: pose.translations.slice(0, 3) };
  };
}
