import { ArgumentError } from '../core/errors.js';
import { callKernel } from '../core/wasm-call.js';
import { kernelModule } from '../core/wasm-kernel.js';
import { align8, disposeHeaps, PrivateHeap } from '../core/wasm-memory.js';
// The pose module's static data (math tables) sits below POSE_RESERVED_BYTES, which the PrivateHeap keeps clear.
import { CLIP_BYTES, INSTANCE_BYTES, INSTANCE_LOOP as LOOP, SAMPLED_TRACK_BYTES as TRACK_BYTES } from '../core/wasm-layout.js';
import type { ClipTracks } from './clip.js';

/**
 * What to sample: instance i plays `clips[i]` at `times[i]`, writing its bones from `firstBones[i]`
 * on. Arrays, not one object per instance, so a crowd costs no allocation per frame.
 */
export interface SampleBatch {
  clips: readonly ClipTracks[];
  times: ArrayLike<number>;
  firstBones: ArrayLike<number>;
  loop: boolean;
}

/**
 * A pose kernel instance with its own memory (a PrivateHeap), holding a copy of every clip it has
 * sampled (uploaded on first use) until `dispose()` lets the memory go. No view of this memory is ever
 * handed out: results are copied into the caller's buffers, so the memory may grow freely.
 */
export class PoseSampler {
  readonly #heap: PrivateHeap<'pose'>;
  readonly #clips = new WeakMap<ClipTracks, number>();
  // The last kept clip looked up: crowds repeat one clip, and a WeakMap lookup per instance shows.
  #lastClip: ClipTracks | undefined;
  #lastClipAt = 0;
  // The instance records, built here and copied in per call: sized for the last batch, which a game
  // repeats frame after frame, so they are remade only when the instance count changes.
  #records = new Uint8Array(0);
  #words = new Uint32Array(0);
  #doubles = new Float64Array(0);

  /** Throws a RangeError when the host refuses the memory. */
  constructor(module: WebAssembly.Module) {
    this.#heap = new PrivateHeap('pose', module, 65536);
  }

  get disposed(): boolean {
    return this.#heap.disposed;
  }

  /**
   * Lets the memory and every clip copy in it go. Sampling with a disposed sampler throws. (No
   * `[Symbol.dispose]` for `using`: the library's lib, es2022, does not declare it, and its d.ts must
   * not need @types/node.)
   */
  dispose(): void {
    this.#heap.dispose();
    this.#lastClip = undefined;
  }

  #kept(clip: ClipTracks): number {
    if (clip === this.#lastClip) return this.#lastClipAt;
    let at = this.#clips.get(clip);
    if (at === undefined) this.#clips.set(clip, (at = this.#upload(clip)));
    this.#lastClip = clip;
    this.#lastClipAt = at;
    return at;
  }

  #upload(clip: ClipTracks): number {
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
    const base = this.#heap.keep(bytes);
    const buffer = this.#heap.instance.memory.buffer;
    // Writes into the sampler's own memory, just reserved above: no input is read here.
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
    return base;
  }

  /** Samples the batch into the caller's buffers; false when the host refuses the memory it needs. */
  sample(batch: SampleBatch, boneCount: number, rotations: Float32Array, translations: Float32Array): boolean {
    try {
      this.#sample(batch, boneCount, rotations, translations);
      return true;
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
  }

  #sample(batch: SampleBatch, boneCount: number, rotations: Float32Array, translations: Float32Array): void {
    // Kept clips first; then volatile ones (views of memory the caller may change), copied for this
    // call only, above the kept ones, and dropped when it returns.
    const { clips } = batch;
    const addresses = new Uint32Array(clips.length);
    for (let i = 0; i < clips.length; i++) if (!clips[i]!.volatile) addresses[i] = this.#kept(clips[i]!);
    const keptEnd = this.#heap.top;
    try {
      let copies: Map<ClipTracks, number> | undefined;
      for (let i = 0; i < clips.length; i++) {
        const clip = clips[i]!;
        if (!clip.volatile) continue;
        copies ??= new Map();
        let at = copies.get(clip);
        if (at === undefined) copies.set(clip, (at = this.#upload(clip)));
        addresses[i] = at;
      }
      this.#run(batch, addresses, boneCount, rotations, translations);
    } finally {
      this.#heap.truncate(keptEnd);
    }
  }

  #run(
    { times, firstBones, loop }: SampleBatch,
    addresses: Uint32Array,
    boneCount: number,
    rotations: Float32Array,
    translations: Float32Array,
  ): void {
    const count = addresses.length;
    const recordBytes = INSTANCE_BYTES * count;
    if (this.#records.length !== recordBytes) {
      this.#records = new Uint8Array(recordBytes);
      this.#words = new Uint32Array(this.#records.buffer);
      this.#doubles = new Float64Array(this.#records.buffer);
    }
    const records = this.#records;
    const words = this.#words;
    const doubles = this.#doubles;
    const flags = loop ? LOOP : 0;
    for (let i = 0, word = 0; i < count; i++, word += INSTANCE_BYTES >> 2) {
      words[word] = addresses[i]!;
      words[word + 1] = flags;
      doubles[(word + 2) >> 1] = times[i]!;
      words[word + 4] = firstBones[i]!;
    }
    const sampled = callKernel(this.#heap, 'sampleInstances', recordBytes + 28 * boneCount + 16, (instancesAt) => {
      const rotationsAt = instancesAt + recordBytes;
      const translationsAt = rotationsAt + 16 * boneCount;
      return {
        inputs: [{ at: instancesAt, data: records }],
        args: { instances: instancesAt, count, outRotations: rotationsAt, outTranslations: translationsAt },
        output: (memory) => {
          rotations.set(new Float32Array(memory, rotationsAt, 4 * boneCount));
          translations.set(new Float32Array(memory, translationsAt, 3 * boneCount));
          return true;
        },
      };
    });
    if (!sampled) throw new ArgumentError('out-of-memory', 'the host refused the pose sampler more memory');
  }
}

const samplers = new Map<'simd' | 'scalar', PoseSampler>();

/** The build's sampler, or undefined when the host refuses it a memory. */
export function poseSampler(build: 'simd' | 'scalar'): PoseSampler | undefined {
  let sampler = samplers.get(build);
  if (!sampler || sampler.disposed) {
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
 * Disposes every live pose sampler: their wasm memories and the clip copies they hold are let go (see
 * wasmMemoryUsage). The next sampling call starts afresh. A sampler keeps a copy of every clip it has
 * sampled, so a long-running program that has sampled many clips it will not play again calls this.
 */
export function disposePoseSamplers(): void {
  disposeHeaps('pose');
  samplers.clear();
}

/** @deprecated Renamed disposePoseSamplers, which says what it does; this alias stays for existing callers. */
export const resetPoseSamplers: () => void = disposePoseSamplers;
