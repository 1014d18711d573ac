// `gameanim export MODEL FILE... -o DIR`: whole games on worker threads, under the write rule.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebIO } from '@gltf-transform/core';
import * as validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { IFPReader, writeIMG } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('export of many files on worker threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gameanim-batch-'));
  const img = join(dir, 'anim.img');
  writeFileSync(
    img,
    writeIMG([
      { name: 'walk.ifp', data: fixture('anp2-basic.ifp') },
      { name: 'multi.ifp', data: fixture('multi-package-trailing.ifp') },
      { name: 'notes.txt', data: new Uint8Array(8) },
    ]),
  );
  const model = 'fixtures/dff-ped-5bone.dff';
  const packagesOf = (bytes: Uint8Array) => new IFPReader(bytes).packages;
  const expected = [
    ...packagesOf(fixture('anp3-all-types.ifp')),
    ...packagesOf(fixture('anp2-basic.ifp')),
    ...packagesOf(fixture('multi-package-trailing.ifp')),
  ];

  it('one valid .glb per package of every IFP file and IMG entry, on 2 threads; an existing output is refused before any work', async () => {
    const out = join(dir, 'out');
    const run = gameanim('export', model, 'fixtures/anp3-all-types.ifp', img, '-o', out, '--jobs', '2');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${expected.length} of ${expected.length} files exported on 2 worker threads`);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(expected.length);
    for (const file of files) {
      const glb = new Uint8Array(readFileSync(join(out, file)));
      const report = await validator.validateBytes(glb);
      expect(report.issues.numErrors, file).toBe(0);
      const animations = (await new WebIO().readBinary(glb)).getRoot().listAnimations().length;
      expect(animations, file).toBeGreaterThan(0);
    }
    const again = gameanim('export', model, 'fixtures/anp3-all-types.ifp', img, '-o', out);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists; nothing written \(add --force/);
    expect(again.stdout).not.toMatch(/files exported/);
    expect(gameanim('export', model, 'fixtures/anp3-all-types.ifp', img, '-o', out, '--force').code).toBe(0);
  });

  it('--per-animation writes one file per animation, with names made safe and distinct', () => {
    const out = join(dir, 'each');
    const run = gameanim('export', model, 'fixtures/anp3-all-types.ifp', '-o', `${out}/`, '--per-animation', '--jobs', '1');
    expect(run.code, run.stderr).toBe(0);
    const animations = packagesOf(fixture('anp3-all-types.ifp')).flatMap((p) => p.animations);
    expect(readdirSync(out)).toHaveLength(animations.length);
    expect(gameanim('export', model, 'fixtures/anp3-all-types.ifp', '-o', out, '--jobs', '0').code).toBe(2);
    expect(gameanim('export', model, 'fixtures/anp3-all-types.ifp', '-o', out, '--fps', '0').code).toBe(2);
  });
});
