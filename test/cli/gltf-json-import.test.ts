// `import` and `bind` of a JSON .gltf: the one gameanim exports (its .bin and PNG beside it) imports
// to the very bytes its .glb does; the files it names are read relative to it (URIs percent-decoded);
// one that is missing is one line naming the .gltf, the URI and the file looked for, exit 1.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeTXD } from '../../src/index.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-gltf-json-import-'));
const model = 'fixtures/dff-ped-5bone.dff';
const ifp = 'fixtures/anp3-all-types.ifp';

/** Exports the fixture's clips into DIR as NAME.glb and NAME.gltf (with NAME.bin beside it). */
function exportBoth(dir: string, name: string): { glb: string; gltf: string } {
  mkdirSync(dir, { recursive: true });
  const glb = join(dir, `${name}.glb`);
  const gltf = join(dir, `${name}.gltf`);
  expect(gameanim('export', model, ifp, '-o', glb).code).toBe(0);
  expect(gameanim('export', model, ifp, '-o', gltf, '--gltf').code).toBe(0);
  return { glb, gltf };
}

describe('import of a .gltf', () => {
  it('writes the same IFP, byte for byte, as the .glb of the same export', () => {
    const { glb, gltf } = exportBoth(join(scratch, 'same'), 'clips');
    const fromGlb = gameanim('import', glb, '--skeleton', model, '-o', join(scratch, 'same', 'from-glb.ifp'));
    const fromGltf = gameanim('import', gltf, '--skeleton', model, '-o', join(scratch, 'same', 'from-gltf.ifp'), '--name', 'from-glb');
    expect(fromGltf.stderr).toBe('');
    expect(fromGltf.code).toBe(0);
    expect(fromGltf.stdout.replace('from-gltf.ifp', 'from-glb.ifp')).toBe(fromGlb.stdout);
    expect(fromGlb.stdout).toMatch(/package "from-glb", 2 animations \(ANP3\), 5 tracks/);
    expect(readFileSync(join(scratch, 'same', 'from-gltf.ifp'))).toEqual(readFileSync(join(scratch, 'same', 'from-glb.ifp')));
  });

  it('reads its files relative to it, the URI percent-decoded: "my%20bins/clips.bin" is the file my bins/clips.bin', () => {
    const { glb, gltf } = exportBoth(join(scratch, 'encoded'), 'clips');
    mkdirSync(join(scratch, 'encoded', 'my bins'));
    renameSync(join(scratch, 'encoded', 'clips.bin'), join(scratch, 'encoded', 'my bins', 'clips.bin'));
    writeFileSync(gltf, readFileSync(gltf, 'utf8').replace('"clips.bin"', '"my%20bins/clips.bin"'));
    const run = gameanim('import', gltf, '--skeleton', model, '-o', join(scratch, 'encoded', 'a.ifp'), '--name', 'x');
    expect(run.stderr).toBe('');
    expect(gameanim('import', glb, '--skeleton', model, '-o', join(scratch, 'encoded', 'b.ifp'), '--name', 'x').code).toBe(0);
    expect(readFileSync(join(scratch, 'encoded', 'a.ifp'))).toEqual(readFileSync(join(scratch, 'encoded', 'b.ifp')));
  });

  it('a missing .bin is one line naming the .gltf, the URI and the file, exit 1, nothing written; a URL is refused', () => {
    const { gltf } = exportBoth(join(scratch, 'missing'), 'clips');
    const bin = join(scratch, 'missing', 'clips.bin');
    renameSync(bin, join(scratch, 'missing', 'moved.bin'));
    const out = join(scratch, 'missing', 'out.ifp');
    const run = gameanim('import', gltf, '--skeleton', model, '-o', out);
    expect(run.code).toBe(1);
    const at = readFileSync(gltf, 'utf8').indexOf('"clips.bin"');
    expect(run.stderr).toBe(`gameanim: ${gltf}: GLTF: buffer 0's URI "clips.bin" cannot be read: ${bin}: no such file (at byte ${at})\n`);
    expect(run.stdout).toBe('');
    expect(() => readFileSync(out)).toThrow(/ENOENT/);
    writeFileSync(gltf, readFileSync(gltf, 'utf8').replace('"clips.bin"', '"https://example.com/clips.bin"'));
    expect(gameanim('import', gltf, '--skeleton', model, '-o', out).stderr).toMatch(
      /buffer 0's URI "https:\/\/example\.com\/clips\.bin" cannot be read: gameanim reads only files beside the glTF, never a URL/,
    );
  });

  it('a missing PNG is named as well: the .gltf is broken without it', () => {
    const dir = join(scratch, 'image');
    mkdirSync(dir);
    const txd = join(dir, 'rigid.txd');
    writeFileSync(txd, writeTXD(dictionaryOf({ ...plainTexture(), name: 'tinyskin' })));
    const gltf = join(dir, 'ped.gltf');
    expect(gameanim('export', 'fixtures/dff-rigid-ped.dff', 'fixtures/anpk-gta3.ifp', '-o', gltf, '--gltf', '--txd', txd).code).toBe(0);
    const ok = gameanim('import', gltf, '--skeleton', 'fixtures/dff-rigid-ped.dff', '-o', join(dir, 'ok.ifp'));
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/1 animation \(ANP3\)/);
    renameSync(join(dir, 'ped.tinyskin.png'), join(dir, 'moved.png'));
    const run = gameanim('import', gltf, '--skeleton', 'fixtures/dff-rigid-ped.dff', '-o', join(dir, 'no.ifp'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `gameanim: ${gltf}: GLTF: image 0's URI "ped.tinyskin.png" cannot be read: ${join(dir, 'ped.tinyskin.png')}: no such file`,
    );
  });

  it('bind reads a .gltf as import does', () => {
    const { glb, gltf } = exportBoth(join(scratch, 'bind'), 'clips');
    const fromGlb = gameanim('bind', model, glb);
    const fromGltf = gameanim('bind', model, gltf);
    expect(fromGltf.stderr).toBe('');
    expect(fromGltf.code).toBe(0);
    expect(fromGltf.stdout.replaceAll('clips.gltf', 'clips.glb')).toBe(fromGlb.stdout);
    expect(fromGlb.stdout).toMatch(/WEAPON_start_throw\s+3\/5/);
  });
});
