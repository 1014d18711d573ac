// The line under a clip's name in the animation list: its tracks, keys and length, counted in words
// that agree with the number ("1 track", not "1 tracks").
import type { SkeletalClip } from 'gameanim';

const count = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

/** "16 tracks, 200 keys, 0.47 s": the clip's track count, its keys over every track, its duration. */
export function clipSummary(clip: SkeletalClip): string {
  let keys = 0;
  for (const track of clip.tracks) keys += track.times.length;
  return `${count(clip.tracks.length, 'track')}, ${count(keys, 'key')}, ${clip.duration.toFixed(2)} s`;
}
