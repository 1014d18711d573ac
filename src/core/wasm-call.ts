// The one way the library calls a kernel, as meshoptimizer's js/ decoder does it: reserve memory, copy
// the inputs in, call the export with its arguments, copy (or view) the output out, release. The
// arguments are named and typed from the kernel's own declaration (src/core/wasm-signatures.ts), and
// which memory the call runs in, and whether it may grow, is its heap's decision (src/core/wasm-memory.ts).
import type { KernelName } from './wasm-kernel.js';
import type { KernelHeap } from './wasm-memory.js';
import { kernelSignatures, type KernelArgs, type KernelExport, type KernelReturn } from './wasm-signatures.js';

/** Bytes copied into the heap before the call. */
export interface KernelInput {
  /** Where they go. */
  at: number;
  data: ArrayBufferView;
  /**
   * How many bytes the kernel reads from `at`, when more than `data` holds: the rest is zeroed, because
   * a reused memory still holds an earlier call's bytes, and those must never reach an output.
   */
  readBytes?: number;
}

/** One call, laid out from the address its heap reserved. */
export interface KernelCallPlan<K extends KernelName, E extends KernelExport<K>, R> {
  inputs: readonly KernelInput[];
  args: KernelArgs<K, E>;
  /** Copies or views what the call left in `memory` (read it before returning); undefined declines the result. */
  output: (memory: ArrayBuffer, returned: KernelReturn<K, E>) => R | undefined;
}

// One positional argument array per export (keyed by its parameter list), refilled per call: a sampling
// call per frame allocates no array for them.
const positional = new Map<readonly string[], number[]>();

/**
 * Calls `name` of the heap's kernel with `bytes` bytes reserved for it: `plan` lays the call out from
 * the reserved address. Undefined when the host refuses the memory (the caller then takes its
 * TypeScript twin) or when `output` declines.
 */
export function callKernel<K extends KernelName, E extends KernelExport<K>, R>(
  heap: KernelHeap<K>,
  name: E,
  bytes: number,
  plan: (at: number) => KernelCallPlan<K, E, R>,
): R | undefined {
  let at: number;
  try {
    at = heap.reserve(bytes);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  try {
    const { inputs, args, output } = plan(at);
    const { memory, exports } = heap.instance;
    const buffer = memory.buffer; // the call cannot grow it: the kernels do not call memory.grow
    if (inputs.length > 0) copyIn(new Uint8Array(buffer), inputs);
    const returned = (exports[name] as (...values: number[]) => KernelReturn<K, E>)(...kernelArguments(heap.kernel, name, args));
    return output(buffer, returned);
  } finally {
    heap.release();
  }
}

function copyIn(heap: Uint8Array, inputs: readonly KernelInput[]): void {
  for (const { at, data, readBytes = 0 } of inputs) {
    heap.set(data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength), at);
    if (readBytes > data.byteLength) heap.fill(0, at + data.byteLength, at + readBytes);
  }
}

/** @internal The arguments in the order the export takes them (bench/profile.ts times a bare export call with it). */
export function kernelArguments<K extends KernelName, E extends KernelExport<K>>(kernel: K, name: E, args: KernelArgs<K, E>): number[] {
  const params = (kernelSignatures[kernel] as Record<string, { params: readonly string[] }>)[name]!.params;
  let values = positional.get(params);
  if (!values) positional.set(params, (values = new Array<number>(params.length).fill(0)));
  for (let i = 0; i < params.length; i++) values[i] = (args as Record<string, number>)[params[i]!]!;
  return values;
}
