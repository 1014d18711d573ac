import { KIND_INFO, type KeyframeType, type TrackKind } from './track-kinds.js';
import { Field, type TrackRows } from './track-table.js';
import type { SkeletalClip } from '../core/clip.js';
import type { Keyframe, TrackData } from './types.js';

/** A decoded bone track. Its typed arrays are views into memory owned by the decode that made it. */
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

/**
 * A named clip: one track per bone. All its keys are decoded with the file; the `Track` objects and
 * their views are made on first access to `bones`, so a file whose clips are never all touched does
 * not pay for tens of thousands of small objects.
 */
export class Animation implements SkeletalClip {
  readonly kind = 'clip';
  /** SA and VC tracks carry HAnim ids; GTA III tracks (id -1) bind by name. */
  readonly bindBy = 'id-or-name';
  readonly rig = 'gta';
  #bones: Track[] | undefined;
  #duration: number | undefined;

  constructor(
    readonly name: string,
    private readonly table: TrackRows,
    private readonly output: Float32Array,
    private readonly firstRow: number,
    /** Number of tracks, known without materialising them. */
    readonly trackCount: number,
    /** Set for readers an IFPDecoder made: throws once the decoder's memory was reset. */
    private readonly check?: () => void,
  ) {}

  assertUsable(): void {
    this.check?.();
  }

  get bones(): Track[] {
    this.check?.();
    this.#bones ??= Array.from({ length: this.trackCount }, (_, i) => makeTrack(this.table, this.output, this.firstRow + i));
    return this.#bones;
  }

  /** The same tracks as `bones`, under the name every clip format shares (`SkeletalClip`). */
  get tracks(): Track[] {
    return this.bones;
  }

  /** Keys over all tracks, known without materialising them. */
  get keyframeCount(): number {
    this.check?.();
    let count = 0;
    for (let row = this.firstRow; row < this.firstRow + this.trackCount; row++) count += this.table.get(row, Field.FrameCount);
    return count;
  }

  /** The last key time over all tracks, in seconds. */
  get duration(): number {
    this.check?.();
    if (this.#duration === undefined) {
      let duration = 0;
      for (let row = this.firstRow; row < this.firstRow + this.trackCount; row++) {
        const frameCount = this.table.get(row, Field.FrameCount);
        if (frameCount > 0) duration = Math.max(duration, this.output[this.table.get(row, Field.Times) + frameCount - 1]!);
      }
      this.#duration = duration;
    }
    return this.#duration;
  }
}

function makeTrack(table: TrackRows, output: Float32Array, row: number): Track {
  const frameCount = table.get(row, Field.FrameCount);
  const { keyframeType, compressed } = KIND_INFO[table.get(row, Field.Kind) as TrackKind];
  // new Float32Array(buffer, ...) rather than subarray(): no species lookup, measurably cheaper at 46k tracks.
  const view = (field: Field, width: number): Float32Array | null => {
    const at = table.get(row, field);
    return at < 0 ? null : new Float32Array(output.buffer, output.byteOffset + 4 * at, width * frameCount);
  };
  return new Track(
    table.boneName(row),
    table.get(row, Field.BoneId),
    keyframeType,
    compressed,
    view(Field.Times, 1)!,
    view(Field.Rotations, 4)!,
    view(Field.Translations, 3),
    view(Field.Scales, 3),
  );
}
