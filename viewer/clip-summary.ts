// The line under a clip's name in the animation list: its tracks, keys and length, counted in words
// that agree with the number ("1 track", not "1 tracks").
import { countText, type SkeletalClip } from 'gameanim';

/** "16 tracks, 200 keys, 0.47 s": the clip's track count, its keys over every track, its duration. */
export function clipSummary(clip: SkeletalClip): string {
  let keys = 0;
  for (const track of clip.tracks) keys += track.times.length;
  return `${countText(clip.tracks.length, 'track')}, ${countText(keys, 'key')}, ${clip.duration.toFixed(2)} s`;
}
