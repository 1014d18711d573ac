// The one owner of WebAssembly memory for every kernel, as meshoptimizer's decoder owns its heap: it
// makes every instance and its memory, decides when a memory grows, is renewed or is let go, and counts
// the bytes all of them hold (wasmMemoryUsage). Three kinds of memory, each a KernelHeap: the
// process-wide work memory of each kernel (WorkHeap), the arenas decoders lend to their readers
// (WasmArena; the lending itself is src/core/arena-loans.ts), and memories one object owns and disposes
// (PrivateHeap: the pose sampler's). Nothing else in the library creates or grows a WebAssembly.Memory;
// kernels are called through src/core/wasm-call.ts.
import { ArgumentError, StateError } from './errors.js';
import { kernelImports, type KernelName } from './wasm-kernel.js';
import { DECODE_RESERVED_BYTES, POSE_RESERVED_BYTES, TEXTURE_RESERVED_BYTES } from './wasm-layout.js';
import type { KernelExports } from './wasm-signatures.js';

export const PAGE_BYTES = 65536;
/** Addresses travel as i32 in the kernels' tables: stay clear of the sign bit. */
export const MAX_MEMORY_BYTES = 0x7fff0000;
/**
 * A shared work memory larger than this is dropped after the call that needed it, so one huge file
 * does not pin its size for the rest of the process.
 */
const KEEP_WORK_BYTES = 64 << 20;

export const align16 = (n: number): number => (n + 15) & ~15;
export const align8 = (n: number): number => (n + 7) & ~7;

/** Where a kernel's buffers may start: below lie its static data (math tables, DXT scratch) and the debug build's messages. */
const RESERVED_BYTES: Readonly<Record<KernelName, number>> = {
  decode: DECODE_RESERVED_BYTES,
  pose: POSE_RESERVED_BYTES,
  texture: TEXTURE_RESERVED_BYTES,
};

/** A kernel instance over a memory of its own. */
export interface KernelInstance<K extends KernelName> {
  readonly memory: WebAssembly.Memory;
  readonly exports: KernelExports<K>;
}

/** A new instance of `module` over a fresh memory of at least `bytes`. Throws a RangeError when the host refuses the memory. */
function newInstance<K extends KernelName>(module: WebAssembly.Module, bytes: number): KernelInstance<K> {
  if (bytes > MAX_MEMORY_BYTES) throw new ArgumentError('out-of-memory', 'more than a wasm32 memory holds');
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE_BYTES)) });
  const instance = new WebAssembly.Instance(module, kernelImports(memory));
  return { memory, exports: instance.exports as unknown as KernelExports<K> };
}

/**
 * Grows `memory` to at least `bytes`. Growing detaches every view of the old buffer: call it only on
 * memory no handed-out view points into. Throws a RangeError when the host refuses.
 */
function growTo(memory: WebAssembly.Memory, bytes: number): void {
  if (bytes > MAX_MEMORY_BYTES) throw new ArgumentError('out-of-memory', 'more than a wasm32 memory holds');
  const missing = bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / PAGE_BYTES));
}

/**
 * Memory a kernel call runs in (src/core/wasm-call.ts): `reserve` makes room for one call, `release`
 * ends it. Which memory that is, and whether it may grow, is the heap's decision, not the caller's.
 */
export interface KernelHeap<K extends KernelName> {
  readonly kernel: K;
  /** The instance calls go to now: an arena may move to a new memory in `reserve`. */
  readonly instance: KernelInstance<K>;
  /** Makes `bytes` bytes free for one call; returns where they start (16-byte aligned). RangeError when the host refuses. */
  reserve(bytes: number): number;
  /** Ends the call: gives back what the heap does not keep. */
  release(): void;
}

// Every heap, held weakly: the owner counts their bytes but does not keep a dropped decoder alive.
const heaps = new Set<WeakRef<OwnedHeap<KernelName>>>();
const collected = new FinalizationRegistry<WeakRef<OwnedHeap<KernelName>>>((ref) => heaps.delete(ref));

/** What the WebAssembly memories the library holds add up to now. */
export interface WasmMemoryUsage {
  /** Heaps holding a memory: work memories, decoders' arenas, pose samplers. */
  heaps: number;
  bytes: number;
}

/**
 * The wasm memory the library holds now, by its owner's count: a memory let go (a disposed sampler, a
 * dropped huge work memory) no longer counts, whenever the engine collects it. An arena's earlier
 * memories, which readers decoded before a renewal still view, belong to those readers and are not counted.
 */
export function wasmMemoryUsage(): WasmMemoryUsage {
  let count = 0;
  let bytes = 0;
  for (const ref of heaps) {
    const held = ref.deref()?.heldBytes ?? 0;
    if (held > 0) {
      count++;
      bytes += held;
    }
  }
  return { heaps: count, bytes };
}

/** A heap's instance, its memory's size, and the owner's count of it. */
abstract class OwnedHeap<K extends KernelName> implements KernelHeap<K> {
  #current: KernelInstance<K> | undefined;

  constructor(
    readonly kernel: K,
    private readonly module: WebAssembly.Module,
  ) {
    const ref = new WeakRef<OwnedHeap<KernelName>>(this);
    heaps.add(ref);
    collected.register(this, ref);
  }

  get instance(): KernelInstance<K> {
    if (!this.#current) throw new StateError('released', `the ${this.kernel} kernel's memory has been released`);
    return this.#current;
  }

  /** Bytes of wasm memory held now. */
  get heldBytes(): number {
    return this.#current?.memory.buffer.byteLength ?? 0;
  }

  protected get reservedBytes(): number {
    return RESERVED_BYTES[this.kernel];
  }

  protected get held(): boolean {
    return this.#current !== undefined;
  }

  /** Moves to a new instance over a fresh memory of at least `bytes`; the old memory lives on only in views of it. */
  protected renew(bytes: number): void {
    this.#current = newInstance<K>(this.module, bytes);
  }

  /** Grows the memory in place: only when no handed-out view points into it. */
  protected growTo(bytes: number): void {
    growTo(this.instance.memory, bytes);
  }

  /** Lets the memory go: the next use makes a new one (a work memory) or fails (a disposed heap). */
  protected letGo(): void {
    this.#current = undefined;
  }

  abstract reserve(bytes: number): number;

  release(): void {}
}

/** Disposes every private heap of `kernel` that is still alive: what disposePoseSamplers does for the pose samplers. */
export function disposeHeaps(kernel: KernelName): void {
  for (const ref of heaps) {
    const heap = ref.deref();
    if (heap instanceof PrivateHeap && heap.kernel === kernel) heap.dispose();
  }
}

/**
 * The process-wide work memory of one kernel module: for calls whose results are copied out, so no
 * view ever points into it and it grows freely. Each call starts at the kernel's reserved bytes.
 */
class WorkHeap<K extends KernelName> extends OwnedHeap<K> {
  reserve(bytes: number): number {
    const end = this.reservedBytes + bytes;
    if (this.held) this.growTo(end);
    else this.renew(end);
    return this.reservedBytes;
  }

  override release(): void {
    if (this.heldBytes > KEEP_WORK_BYTES) this.letGo();
  }
}

const workHeaps = new Map<WebAssembly.Module, WorkHeap<KernelName>>();

/** The work memory of `module` (a build of kernel `kernel`), shared by every call that copies its results out. */
export function workHeap<K extends KernelName>(kernel: K, module: WebAssembly.Module): KernelHeap<K> {
  let heap = workHeaps.get(module);
  if (!heap) workHeaps.set(module, (heap = new WorkHeap(kernel, module)));
  return heap as unknown as WorkHeap<K>;
}

/**
 * A memory one object owns and frees with `dispose()`: what it keeps (the pose sampler's clip copies)
 * lies from the kernel's reserved bytes up to `top`, and each call's scratch above that. No view of it
 * is handed out, so it grows freely.
 */
export class PrivateHeap<K extends KernelName> extends OwnedHeap<K> {
  #top: number;

  /** Throws a RangeError when the host refuses the memory. */
  constructor(kernel: K, module: WebAssembly.Module, initialBytes: number) {
    super(kernel, module);
    this.renew(this.reservedBytes + initialBytes);
    this.#top = this.reservedBytes;
  }

  /** The end of what is kept. */
  get top(): number {
    return this.#top;
  }

  /** Keeps `bytes` more bytes (8-byte aligned) and returns where they start. RangeError when the host refuses. */
  keep(bytes: number): number {
    const at = align8(this.#top);
    this.growTo(at + bytes);
    this.#top = at + bytes;
    return at;
  }

  /** Gives back everything kept past `top` (a value `top` had before). */
  truncate(top: number): void {
    this.#top = top;
  }

  reserve(bytes: number): number {
    const at = align16(this.#top);
    this.growTo(at + bytes);
    return at;
  }

  get disposed(): boolean {
    return !this.held;
  }

  /** Lets the memory go; any later use throws. */
  dispose(): void {
    this.letGo();
  }
}

/**
 * Memory a decoder owns and hands out front to back, taken back whole by `reset()`: what IFPDecoder
 * and IGI2Decoder decode into. See IFPDecoder for the ownership rule both follow.
 */
export interface Arena {
  /** `size` bytes, 16-byte aligned, valid until the next reset. */
  allocate(size: number): Uint8Array;
  reset(): void;
  readonly usedBytes: number;
  readonly capacityBytes: number;
}

/** Where a decode's output goes: `bytes` bytes, 16-byte aligned, that the reader will view. */
export type Allocate = (bytes: number) => Uint8Array;
/** The default: a new buffer per reader, which the reader then owns. */
export const newBuffer: Allocate = (bytes) => new Uint8Array(bytes);

/**
 * An arena of plain ArrayBuffers. A full buffer is replaced by a larger one; what was handed out
 * from the old one keeps it alive. After a reset the largest buffer is reused.
 */
export class BufferArena implements Arena {
  #buffer: ArrayBuffer;
  #used = 0;

  constructor(initialBytes: number) {
    this.#buffer = new ArrayBuffer(initialBytes);
  }

  get usedBytes(): number {
    return this.#used;
  }

  get capacityBytes(): number {
    return this.#buffer.byteLength;
  }

  reset(): void {
    this.#used = 0;
  }

  allocate(size: number): Uint8Array {
    if (this.#used + size > this.#buffer.byteLength) {
      this.#buffer = new ArrayBuffer(Math.max(2 * this.#buffer.byteLength, align16(size)));
      this.#used = 0;
    }
    const at = this.#used;
    this.#used += align16(size);
    return new Uint8Array(this.#buffer, at, size);
  }
}

/**
 * A decoder's wasm memory with its own kernel instance, handed out front to back after the kernel's
 * reserved bytes, and taken back whole by `reset()`.
 *
 * It never grows while something handed out since the last reset may be in use, because growing a
 * wasm memory detaches every view of it. A request that does not fit gets a new, larger memory
 * instead, and the old one lives on in the readers that view it.
 */
export class WasmArena<K extends KernelName> extends OwnedHeap<K> implements Arena {
  protected used: number;

  /** Throws a RangeError when the host refuses the memory. */
  constructor(kernel: K, module: WebAssembly.Module, initialBytes: number) {
    super(kernel, module);
    this.renew(Math.max(initialBytes, 1) + this.reservedBytes);
    this.used = this.reservedBytes;
  }

  get usedBytes(): number {
    return this.used - this.reservedBytes;
  }

  get capacityBytes(): number {
    return this.heldBytes - this.reservedBytes;
  }

  reset(): void {
    this.used = this.reservedBytes;
  }

  /** `size` bytes of this memory, 16-byte aligned; a plain new buffer if the host refuses the memory. */
  allocate(size: number): Uint8Array {
    let at: number;
    try {
      at = this.reserve(align16(size));
    } catch (error) {
      if (error instanceof RangeError) return newBuffer(size);
      throw error;
    }
    this.used = at + align16(size);
    return new Uint8Array(this.instance.memory.buffer, at, size);
  }

  /**
   * Makes `bytes` bytes free at the end of use and returns where they start, without handing them out
   * (`allocate`, or a kernel call that moves `used` itself, does). Grows when nothing is handed out,
   * else moves to a new memory. RangeError when refused.
   */
  reserve(bytes: number): number {
    if (this.used + bytes <= this.heldBytes) return this.used;
    if (this.used === this.reservedBytes) {
      // Nothing handed out since the last reset: views from before it may detach (they are invalid).
      this.growTo(this.used + bytes);
      return this.used;
    }
    const size = Math.min(MAX_MEMORY_BYTES, Math.max(2 * this.heldBytes, bytes + this.reservedBytes));
    if (bytes + this.reservedBytes > size) throw new ArgumentError('out-of-memory', 'a decode larger than a wasm memory');
    this.renew(size);
    this.used = this.reservedBytes;
    return this.used;
  }
}
