import type { KeyframeType } from './track-kinds.js';
import type { Keyframe, TrackData } from './types.js';

/** A decoded bone track. Its typed arrays are views into a buffer owned by the reader that made it. */
export class Track implements TrackData {
  #frames: Keyframe[] | undefined;

  constructor(
    readonly boneName: string,
    readonly boneId: number,
    readonly keyframeType: KeyframeType,
    readonly compressed: boolean,
    readonly times: Float32Array,
    readonly rotations: Float32Array,
    readonly translations: Float32Array | null,
    readonly scales: Float32Array | null,
  ) {}

  get frameCount(): number {
    return this.times.length;
  }

  /** The old one-object-per-key shape. Built on first access only: decoding never pays for it. */
  get frames(): Keyframe[] {
    this.#frames ??= buildFrames(this);
    return this.#frames;
  }
}

function buildFrames(track: Track): Keyframe[] {
  const { times, rotations: q, translations: t } = track;
  const frames: Keyframe[] = new Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const frame: Keyframe = { time: times[i]!, quaternion: [q[4 * i]!, q[4 * i + 1]!, q[4 * i + 2]!, q[4 * i + 3]!] };
    if (t) frame.translation = [t[3 * i]!, t[3 * i + 1]!, t[3 * i + 2]!];
    frames[i] = frame;
  }
  return frames;
}

/** A named clip: one track per bone. */
export class Animation {
  /** The last key time over all tracks, in seconds. */
  readonly duration: number;

  constructor(
    readonly name: string,
    readonly bones: Track[],
  ) {
    let duration = 0;
    for (const bone of bones) {
      if (bone.frameCount > 0) duration = Math.max(duration, bone.times[bone.frameCount - 1]!);
    }
    this.duration = duration;
  }
}
