import { kernelImports, kernelModule } from '../core/wasm-kernel.js';
// The pose module's static data (math tables) lives in its first RESERVED_BYTES; scripts/build-wasm.mjs checks it.
import {
  CLIP_BYTES, INSTANCE_BYTES, INSTANCE_LOOP as LOOP, POSE_RESERVED_BYTES as RESERVED_BYTES, SAMPLED_TRACK_BYTES as TRACK_BYTES,
} from '../core/wasm-layout.js';
import type { ClipTracks } from './clip.js';

const PAGE_BYTES = 65536;

const align8 = (n: number) => (n + 7) & ~7;

/** One sampling request: instance i samples `clip` at `time`, writing bones from `firstBone` on. */
export interface SampleRequest {
  clip: ClipTracks;
  time: number;
  loop: boolean;
  firstBone: number;
}

/**
 * A pose kernel instance with its own memory, holding a copy of every clip it has sampled (uploaded
 * on first use). No view of this memory is ever handed out: results are copied into the caller's
 * buffers, so the memory may grow freely.
 */
type SampleInstances = (instances: number, count: number, rotations: number, translations: number) => void;

export class PoseSampler {
  readonly #memory: WebAssembly.Memory;
  readonly #sampleInstances: SampleInstances;
  readonly #clips = new WeakMap<ClipTracks, number>();
  #heapEnd = RESERVED_BYTES;

  constructor(module: WebAssembly.Module) {
    this.#memory = new WebAssembly.Memory({ initial: 2 });
    const instance = new WebAssembly.Instance(module, kernelImports(this.#memory));
    this.#sampleInstances = instance.exports['sampleInstances'] as SampleInstances;
  }

  /** Makes sure `bytes` bytes are free after the uploaded clips; returns where they start. */
  #scratch(bytes: number): number {
    const missing = this.#heapEnd + bytes - this.#memory.buffer.byteLength;
    if (missing > 0) this.#memory.grow(Math.ceil(missing / PAGE_BYTES)); // RangeError if refused
    return this.#heapEnd;
  }

  #upload(clip: ClipTracks): number {
    const known = clip.volatile ? undefined : this.#clips.get(clip);
    if (known !== undefined) return known;
    const arrays = new Map<Float32Array, number>(); // tracks may share arrays (IFF key times)
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
    if (!clip.volatile) this.#clips.set(clip, base);
    return base;
  }

  /** Samples the requests into the caller's buffers; false when the host refuses the memory it needs. */
  sample(requests: readonly SampleRequest[], boneCount: number, rotations: Float32Array, translations: Float32Array): boolean {
    try {
      this.#sample(requests, boneCount, rotations, translations);
      return true;
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
  }

  #sample(requests: readonly SampleRequest[], boneCount: number, rotations: Float32Array, translations: Float32Array): void {
    // Kept clips first; then volatile ones (views of memory the caller may change), copied for this
    // call only, above the kept ones, and dropped when it returns.
    const clips = new Array<number>(requests.length);
    requests.forEach((request, i) => {
      if (!request.clip.volatile) clips[i] = this.#upload(request.clip);
    });
    const keptEnd = this.#heapEnd;
    const copies = new Map<ClipTracks, number>();
    requests.forEach((request, i) => {
      if (!request.clip.volatile) return;
      let at = copies.get(request.clip);
      if (at === undefined) copies.set(request.clip, (at = this.#upload(request.clip)));
      clips[i] = at;
    });
    try {
      this.#run(requests, clips, boneCount, rotations, translations);
    } finally {
      this.#heapEnd = keptEnd;
    }
  }

  #run(requests: readonly SampleRequest[], clips: readonly number[], boneCount: number, rotations: Float32Array, translations: Float32Array): void {
    const instancesAt = align8(this.#scratch(INSTANCE_BYTES * requests.length + 28 * boneCount + 16));
    const rotationsAt = instancesAt + INSTANCE_BYTES * requests.length;
    const translationsAt = rotationsAt + 16 * boneCount;
    const buffer = this.#memory.buffer;
    const view = new DataView(buffer);
    requests.forEach((request, i) => {
      const at = instancesAt + INSTANCE_BYTES * i;
      view.setUint32(at, clips[i]!, true);
      view.setUint32(at + 4, request.loop ? LOOP : 0, true);
      view.setFloat64(at + 8, request.time, true);
      view.setUint32(at + 16, request.firstBone, true);
    });
    this.#sampleInstances(instancesAt, requests.length, rotationsAt, translationsAt);
    rotations.set(new Float32Array(buffer, rotationsAt, 4 * boneCount));
    translations.set(new Float32Array(buffer, translationsAt, 3 * boneCount));
  }
}

const samplers = new Map<'simd' | 'scalar', PoseSampler>();

/** The build's sampler, or undefined when the host refuses it a memory. */
export function poseSampler(build: 'simd' | 'scalar'): PoseSampler | undefined {
  let sampler = samplers.get(build);
  if (!sampler) {
    try {
      sampler = new PoseSampler(kernelModule(build, 'pose')!);
    } catch (error) {
      if (error instanceof RangeError) return undefined;
      throw error;
    }
    samplers.set(build, sampler);
  }
  return sampler;
}

/**
 * Drops the wasm samplers and the clip copies they hold. The next sampling call starts afresh. Use it
 * when a long-running program has sampled many clips it will not play again.
 */
export function resetPoseSamplers(): void {
  samplers.clear();
}
