// The crowd row's baseline: the wasm pose sampler as it was on 2026-11-30, before the slerp series,
// the f64x2 quaternion halves and the batch-shaped shell. Its kernel (bench/baseline-kernel/) and this
// shell are kept unchanged, so "2x today's sampler" in issue #16 is measured in the same run.
import type { PoseBatch, SkeletalClip } from 'gameanim';
import { poseBaselineSimdBase64 } from './generated/baseline-kernel.js';

// The record sizes of that kernel (src/core/wasm-layout.ts had the same numbers then).
const CLIP_BYTES = 12;
const TRACK_BYTES = 16;
const INSTANCE_BYTES = 24;
const LOOP = 1;
const RESERVED_BYTES = 65536;
const PAGE_BYTES = 65536;
const align8 = (n: number) => (n + 7) & ~7;

/** What that sampler uploaded of a clip: its tracks' arrays and its loop period (as f32). */
export interface BaselineClip {
  tracks: ReadonlyArray<{ times: Float32Array; rotations: Float32Array; translations: Float32Array | null }>;
  duration: number;
}

/** A clip as the baseline sampler takes it (made once per clip, as the sampler's cache did then). */
export function baselineClip(clip: SkeletalClip): BaselineClip {
  return { tracks: clip.tracks, duration: Math.fround(clip.duration) };
}

interface SampleRequest {
  clip: BaselineClip;
  time: number;
  loop: boolean;
  firstBone: number;
}

type SampleInstances = (instances: number, count: number, rotations: number, translations: number) => void;

export class BaselinePoseSampler {
  readonly #memory = new WebAssembly.Memory({ initial: 2 });
  readonly #sampleInstances: SampleInstances;
  readonly #clips = new WeakMap<BaselineClip, number>();
  #heapEnd = RESERVED_BYTES;

  constructor() {
    const module = new WebAssembly.Module(Buffer.from(poseBaselineSimdBase64, 'base64'));
    const instance = new WebAssembly.Instance(module, { env: { memory: this.#memory } });
    this.#sampleInstances = instance.exports['sampleInstances'] as SampleInstances;
  }

  #scratch(bytes: number): number {
    const missing = this.#heapEnd + bytes - this.#memory.buffer.byteLength;
    if (missing > 0) this.#memory.grow(Math.ceil(missing / PAGE_BYTES));
    return this.#heapEnd;
  }

  #upload(clip: BaselineClip): number {
    const known = this.#clips.get(clip);
    if (known !== undefined) return known;
    const arrays = new Map<Float32Array, number>();
    let bytes = CLIP_BYTES + TRACK_BYTES * clip.tracks.length;
    const place = (array: Float32Array | null) => {
      if (!array || arrays.has(array)) return;
      arrays.set(array, bytes);
      bytes = align8(bytes + 4 * array.length);
    };
    for (const track of clip.tracks) {
      place(track.times);
      place(track.rotations);
      place(track.translations);
    }
    const base = align8(this.#scratch(bytes + 8));
    const buffer = this.#memory.buffer;
    const view = new DataView(buffer);
    for (const [array, offset] of arrays) new Float32Array(buffer, base + offset, array.length).set(array);
    view.setUint32(base, clip.tracks.length, true);
    view.setFloat32(base + 4, clip.duration, true);
    view.setUint32(base + 8, base + CLIP_BYTES, true);
    clip.tracks.forEach((track, k) => {
      const at = base + CLIP_BYTES + TRACK_BYTES * k;
      view.setUint32(at, track.times.length, true);
      view.setUint32(at + 4, base + arrays.get(track.times)!, true);
      view.setUint32(at + 8, base + arrays.get(track.rotations)!, true);
      view.setUint32(at + 12, track.translations ? base + arrays.get(track.translations)! : 0, true);
    });
    this.#heapEnd = base + bytes;
    this.#clips.set(clip, base);
    return base;
  }

  /** sampleBatch as it was: one request object per instance, built every call. */
  sampleBatch(batch: PoseBatch, clips: readonly BaselineClip[], times: ArrayLike<number>, loop: boolean): void {
    const requests: SampleRequest[] = clips.map((clip, i) => ({ clip, time: times[i]!, loop, firstBone: batch.offsets[i]! }));
    const addresses = requests.map((request) => this.#upload(request.clip));
    const instancesAt = align8(this.#scratch(INSTANCE_BYTES * requests.length + 28 * batch.boneCount + 16));
    const rotationsAt = instancesAt + INSTANCE_BYTES * requests.length;
    const translationsAt = rotationsAt + 16 * batch.boneCount;
    const buffer = this.#memory.buffer;
    const view = new DataView(buffer);
    requests.forEach((request, i) => {
      const at = instancesAt + INSTANCE_BYTES * i;
      view.setUint32(at, addresses[i]!, true);
      view.setUint32(at + 4, request.loop ? LOOP : 0, true);
      view.setFloat64(at + 8, request.time, true);
      view.setUint32(at + 16, request.firstBone, true);
    });
    this.#sampleInstances(instancesAt, requests.length, rotationsAt, translationsAt);
    batch.rotations.set(new Float32Array(buffer, rotationsAt, 4 * batch.boneCount));
    batch.translations.set(new Float32Array(buffer, translationsAt, 3 * batch.boneCount));
  }
}
