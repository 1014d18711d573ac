import { describe, expect, it } from 'vitest';
import { kernelModule, ready, resolveBackend, simdSupported } from '../../src/core/wasm-kernel.js';

describe('wasm kernel loader', () => {
  it('compiles both builds synchronously at import', () => {
    for (const name of ['decode', 'pose'] as const) {
      expect(kernelModule('simd', name)).toBeInstanceOf(WebAssembly.Module);
      expect(kernelModule('scalar', name)).toBeInstanceOf(WebAssembly.Module);
    }
  });

  it('resolves auto to the best build the probe found, and honours forced backends', async () => {
    await ready;
    expect(resolveBackend()).toBe(simdSupported ? 'simd' : 'scalar');
    expect(resolveBackend('auto')).toBe(resolveBackend());
    expect(resolveBackend('scalar')).toBe('scalar');
    expect(resolveBackend('js')).toBe('js');
  });

  it('exports only the kernels and the memory it imports', () => {
    for (const build of ['simd', 'scalar'] as const) {
      const decode = kernelModule(build, 'decode')!;
      expect(
        WebAssembly.Module.exports(decode)
          .map((e) => e.name)
          .sort(),
      ).toEqual(['decodeTracks', 'memory', 'scanAnp']);
      expect(WebAssembly.Module.imports(decode)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
      const pose = kernelModule(build, 'pose')!;
      expect(
        WebAssembly.Module.exports(pose)
          .map((e) => e.name)
          .sort(),
      ).toEqual(['memory', 'sampleInstances']);
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

describe('a host without WebAssembly SIMD', () => {
  it('the probe fails, auto picks the scalar build, and decoding and sampling give the same values', async () => {
    const { execFileSync } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const code = `
      // Act like an engine without SIMD: any module using the 0xfd (SIMD) prefix fails validation and compilation.
      const hasSimd = (bytes) => new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength).includes(0xfd);
      const realValidate = WebAssembly.validate;
      WebAssembly.validate = (bytes) => !hasSimd(bytes) && realValidate(bytes);
      const { simdSupported, IFPReader, createPose, sampleClip } = await import('gameanim');
      const { readFileSync } = await import('node:fs');
      const bytes = readFileSync('fixtures/anp3-all-types.ifp');
      const auto = new IFPReader(bytes);
      const js = new IFPReader(bytes, { backend: 'js' });
      const same = auto.animations.every((a, i) => a.bones.every((b, k) => b.rotations.join() === js.animations[i].bones[k].rotations.join()));
      const pose = createPose(auto.animations[0]);
      console.log(JSON.stringify([simdSupported, auto.backend, same, sampleClip(auto.animations[0], 0.3, pose)]));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([false, 'scalar', true, 'scalar']);
  });
});
