import { describe, expect, it } from 'vitest';
import { kernelModule, ready, resolveBackend, simdSupported } from '../../src/core/wasm-kernel.js';

describe('wasm kernel loader', () => {
  it('compiles both builds synchronously at import on Node 20, where SIMD validates', () => {
    expect(simdSupported).toBe(true);
    for (const name of ['decode', 'pose'] as const) {
      expect(kernelModule('simd', name)).toBeInstanceOf(WebAssembly.Module);
      expect(kernelModule('scalar', name)).toBeInstanceOf(WebAssembly.Module);
    }
  });

  it('resolves auto to simd and honours forced backends', async () => {
    await ready;
    expect(resolveBackend()).toBe('simd');
    expect(resolveBackend('auto')).toBe('simd');
    expect(resolveBackend('scalar')).toBe('scalar');
    expect(resolveBackend('js')).toBe('js');
  });

  it('exports only the kernels and the memory it imports', () => {
    for (const build of ['simd', 'scalar'] as const) {
      const decode = kernelModule(build, 'decode')!;
      expect(WebAssembly.Module.exports(decode).map((e) => e.name).sort()).toEqual(['decodeTracks', 'memory', 'scanAnp']);
      expect(WebAssembly.Module.imports(decode)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
      const pose = kernelModule(build, 'pose')!;
      expect(WebAssembly.Module.exports(pose).map((e) => e.name).sort()).toEqual(['memory', 'sampleInstances']);
      expect(WebAssembly.Module.imports(pose)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
    }
  });
});

describe('a host that refuses synchronous compilation', () => {
  it('decodes with js until ready resolves, then with simd', async () => {
    const { execFileSync } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const code = `
      // Chromium refuses new WebAssembly.Module() on the main thread above a size limit; act like it.
      const RealModule = WebAssembly.Module;
      WebAssembly.Module = function () { throw new RangeError('synchronous compile refused'); };
      Object.assign(WebAssembly.Module, { exports: RealModule.exports, imports: RealModule.imports });
      const { IFPReader, ready } = await import('gameanim');
      const { readFileSync } = await import('node:fs');
      const bytes = readFileSync('fixtures/anp3-all-types.ifp');
      const before = new IFPReader(bytes);
      await ready;
      const after = new IFPReader(bytes);
      const same = before.animations[0].bones[0].rotations.join() === after.animations[0].bones[0].rotations.join();
      console.log(JSON.stringify([before.backend, after.backend, same]));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual(['js', 'simd', true]);
  });
});
