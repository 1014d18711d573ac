import { describe, expect, it } from 'vitest';
import { kernelModule, ready, resolveBackend, simdSupported } from '../../src/core/wasm-kernel.js';

describe('wasm kernel loader', () => {
  it('compiles both builds synchronously at import on Node 20, where SIMD validates', () => {
    expect(simdSupported).toBe(true);
    expect(kernelModule('simd')).toBeInstanceOf(WebAssembly.Module);
    expect(kernelModule('scalar')).toBeInstanceOf(WebAssembly.Module);
  });

  it('resolves auto to simd and honours forced backends', async () => {
    await ready;
    expect(resolveBackend()).toBe('simd');
    expect(resolveBackend('auto')).toBe('simd');
    expect(resolveBackend('scalar')).toBe('scalar');
    expect(resolveBackend('js')).toBe('js');
  });

  it('exports only the kernel entry point and the memory it imports', () => {
    for (const build of ['simd', 'scalar'] as const) {
      const module = kernelModule(build)!;
      expect(WebAssembly.Module.exports(module).map((e) => e.name).sort()).toEqual(['decodeTracks', 'memory']);
      expect(WebAssembly.Module.imports(module)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
    }
  });
});
