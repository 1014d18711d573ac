// The one kernel-call helper (src/core/wasm-call.ts) and the signatures it is typed by, which the build
// reads out of assembly/ (src/core/generated/kernel-signatures.ts).
import { describe, expect, it } from 'vitest';
import { callKernel } from '../../src/core/wasm-call.js';
import { kernelImports, kernelModule, type KernelName } from '../../src/core/wasm-kernel.js';
import { TEXEL_L8 } from '../../src/core/wasm-layout.js';
import { workHeap, type KernelHeap } from '../../src/core/wasm-memory.js';
import { kernelSignatures, type KernelArgs } from '../../src/core/wasm-signatures.js';

describe('the kernel signatures', () => {
  it.each(['simd', 'scalar'] as const)('name as many parameters as the %s build of every export takes', (build) => {
    for (const kernel of Object.keys(kernelSignatures) as KernelName[]) {
      const { exports } = new WebAssembly.Instance(kernelModule(build, kernel)!, kernelImports(new WebAssembly.Memory({ initial: 2 })));
      for (const [name, { params }] of Object.entries(kernelSignatures[kernel])) {
        expect((exports[name] as (...args: number[]) => unknown).length, `${kernel}.${name}`).toBe(params.length);
      }
    }
  });

  it('type a call by name: a missing or misspelt argument does not compile', () => {
    const args: KernelArgs<'decode', 'decodeTracks'> = { table: 0, trackCount: 0, inputBase: 0, outputBase: 0 };
    // @ts-expect-error outputBase is missing
    const missing: KernelArgs<'decode', 'decodeTracks'> = { table: 0, trackCount: 0, inputBase: 0 };
    // @ts-expect-error scanAnp has no parameter `table`
    const misspelt: KernelArgs<'decode', 'scanAnp'> = { table: 0 };
    expect([args, missing, misspelt]).toHaveLength(3);
  });
});

describe('callKernel', () => {
  const module = kernelModule('scalar', 'texture')!;
  // L8 texels to RGBA: one input byte per pixel, so what the kernel read is plain in the output.
  const l8 = (heap: KernelHeap<'texture'>, data: Uint8Array, readBytes: number) =>
    callKernel(heap, 'decodeTexels', 64 + 4 * readBytes, (at) => ({
      inputs: [{ at, data, readBytes }],
      args: { kind: TEXEL_L8, src: at, dst: at + 64, width: readBytes, height: 1, palette: 0, opaque: 1 },
      output: (memory) => Array.from(new Uint8Array(memory, at + 64, 4 * readBytes).filter((_, i) => i % 4 === 0)),
    }));

  it('zeroes what the kernel reads past an input, though the work memory held an earlier call there', () => {
    const heap = workHeap('texture', module);
    expect(l8(heap, new Uint8Array(8).fill(200), 8)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(l8(heap, Uint8Array.of(1, 2, 3), 8)).toEqual([1, 2, 3, 0, 0, 0, 0, 0]);
  });

  it('gives undefined when the heap is refused its memory, and releases the heap whatever the output does', () => {
    const real = workHeap('texture', module);
    let releases = 0;
    const refusing: KernelHeap<'texture'> = {
      kernel: 'texture',
      instance: real.instance,
      reserve: () => {
        throw new RangeError('refused');
      },
      release: () => releases++,
    };
    expect(l8(refusing, new Uint8Array(4), 4)).toBeUndefined();
    const throwing: KernelHeap<'texture'> = { ...refusing, reserve: (bytes) => real.reserve(bytes) };
    expect(() =>
      callKernel(throwing, 'decodeTexels', 64, () => ({
        inputs: [],
        args: { kind: TEXEL_L8, src: 0, dst: 0, width: 0, height: 0, palette: 0, opaque: 0 },
        output: () => {
          throw new Error('output failed');
        },
      })),
    ).toThrow('output failed');
    expect(releases).toBe(1);
  });
});
