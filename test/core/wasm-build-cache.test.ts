// The wasm build compiles only when what it reads has changed: on the tree `npm test` has just built,
// it runs the AssemblyScript compiler 0 times; a changed kernel, layout or compiler version, or a
// missing output, makes it build again. The copies below answer with --dry-run, so no test compiles.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const buildWasm = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(cwd, 'scripts/build-wasm.mjs'), ...args], { cwd, encoding: 'utf8', timeout: 120_000 });

/** A copy of what the wasm build reads and writes, beside the repository's node_modules. */
function copyOfBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gameanim-wasm-cache-'));
  for (const path of [
    'assembly',
    'bench/baseline-kernel',
    'bench/generated',
    'asconfig.json',
    'src/core/wasm-layout.ts',
    'src/core/generated',
    'scripts/build-wasm.mjs',
    'build',
  ])
    cpSync(join(root, path), join(dir, path), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

describe('the wasm build is skipped when its inputs are unchanged', () => {
  it('on the tree npm test built: 0 compiler runs', () => {
    const run = buildWasm(root);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^wasm kernels: unchanged since the last build \(inputs [0-9a-f]{12}\), 0 compiler runs\n$/);
  });

  it('a changed kernel, layout file or compiler version, or a missing output, needs a build', () => {
    const dir = copyOfBuild();
    expect(buildWasm(dir, '--dry-run').stdout).toMatch(/0 compiler runs/);
    const changes: Array<[string, () => void, () => void]> = [
      [
        'a comment in a kernel',
        () => appendFileSync(join(dir, 'assembly/slerp.ts'), '\n// changed\n'),
        () => cpSync(join(root, 'assembly/slerp.ts'), join(dir, 'assembly/slerp.ts')),
      ],
      [
        'the layout file',
        () => appendFileSync(join(dir, 'src/core/wasm-layout.ts'), '\n'),
        () => cpSync(join(root, 'src/core/wasm-layout.ts'), join(dir, 'src/core/wasm-layout.ts')),
      ],
      [
        'a debug build deleted',
        () => rmSync(join(dir, 'build/pose.debug-simd.wasm')),
        () => cpSync(join(root, 'build/pose.debug-simd.wasm'), join(dir, 'build/pose.debug-simd.wasm')),
      ],
      [
        'the stamp gone',
        () => rmSync(join(dir, 'build/wasm-inputs.json')),
        () => cpSync(join(root, 'build/wasm-inputs.json'), join(dir, 'build/wasm-inputs.json')),
      ],
    ];
    for (const [what, change, undo] of changes) {
      change();
      expect(buildWasm(dir, '--dry-run').stdout, what).toBe('wasm kernels: a build is needed\n');
      undo();
      expect(buildWasm(dir, '--dry-run').stdout, `${what} undone`).toMatch(/0 compiler runs/);
    }
    // Another compiler version: the copy's node_modules made to say so.
    rmSync(join(dir, 'node_modules'));
    cpSync(join(root, 'node_modules/assemblyscript/package.json'), join(dir, 'node_modules/assemblyscript/package.json'));
    writeFileSync(join(dir, 'node_modules/assemblyscript/package.json'), JSON.stringify({ version: '0.0.1' }));
    expect(buildWasm(dir, '--dry-run').stdout).toBe('wasm kernels: a build is needed\n');
    rmSync(dir, { recursive: true });
  });
});
