// What `gameanim export` writes is what it says: a .gltf with every image it names beside it (or
// embedded), the counts printed equal to the counts in the files, several inputs into one .glb as one
// file, and the batch export taking --txd, --anim and IGI 2 clips and printing glTF's warnings.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { writeTXD } from '../../src/index.js';
import { gltfValidatorErrors, validatorErrors } from '../helpers/gltf.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

const dir = mkdtempSync(join(tmpdir(), 'gameanim-export-files-'));
const RIGID = 'fixtures/dff-rigid-ped.dff'; // its materials name the texture "tinyskin"
const txd = join(dir, 'rigid.txd');
writeFileSync(txd, writeTXD(dictionaryOf({ ...plainTexture(), name: 'tinyskin' }, { ...plainTexture(), name: 'unused' })));

/** The .gltf and every file it names, by URI, as written to the disk (a file not written is absent). */
function filesBeside(gltfPath: string): Record<string, Uint8Array> {
  const json = JSON.parse(readFileSync(gltfPath, 'utf8')) as { buffers?: Array<{ uri?: string }>; images?: Array<{ uri?: string }> };
  const uris = [...(json.buffers ?? []), ...(json.images ?? [])]
    .map((item) => item.uri)
    .filter((uri): uri is string => !!uri && !uri.startsWith('data:'));
  const files: Record<string, Uint8Array> = {};
  for (const uri of uris) {
    try {
      files[uri] = new Uint8Array(readFileSync(join(dirname(gltfPath), uri)));
    } catch {
      // Missing: the validator reports it.
    }
  }
  return files;
}

const animationsIn = async (glb: string) =>
  (await new WebIO().readBinary(new Uint8Array(readFileSync(glb)))).getRoot().listAnimations().length;

describe('export writes what it says', () => {
  it('--gltf --txd writes each image beside the .gltf (0 validator errors); --embed-images puts them inside', async () => {
    const out = join(dir, 'files', 'ped.gltf');
    const run = gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', out, '--gltf', '--txd', txd);
    expect(run.code, run.stderr).toBe(0);
    // Textures written, not the dictionary's: "unused" names no material.
    expect(run.stdout).toContain(`${out}: 1 animation on `);
    expect(run.stdout).toContain(', 1 texture (1 image file beside it)');
    expect(readdirSync(dirname(out)).sort()).toEqual(['ped.bin', 'ped.gltf', 'ped.tinyskin.png']);
    expect(await gltfValidatorErrors(readFileSync(out, 'utf8'), filesBeside(out))).toEqual([]);

    const embedded = join(dir, 'embedded', 'ped.gltf');
    expect(gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', embedded, '--gltf', '--embed-images', '--txd', txd).code).toBe(0);
    expect(readdirSync(dirname(embedded)).sort()).toEqual(['ped.bin', 'ped.gltf']);
    expect(await gltfValidatorErrors(readFileSync(embedded, 'utf8'), filesBeside(embedded))).toEqual([]);
    expect(gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', join(dir, 'x.glb'), '--embed-images').code).toBe(2);
  });

  it("the output's name says the format: -o ped.gltf writes JSON with its .bin and images beside it, -o ped.glb binary; --gltf with a .glb is refused in one line", async () => {
    const out = join(dir, 'by-name', 'ped.gltf');
    const run = gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', out, '--txd', txd);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(dirname(out)).sort()).toEqual(['ped.bin', 'ped.gltf', 'ped.tinyskin.png']);
    expect(JSON.parse(readFileSync(out, 'utf8')).asset.generator).toBe('gameanim');
    expect(await gltfValidatorErrors(readFileSync(out, 'utf8'), filesBeside(out))).toEqual([]);
    const glb = join(dir, 'by-name', 'ped.glb');
    expect(gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', glb, '--embed-images').code).toBe(2);
    expect(gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', glb).code).toBe(0);
    expect(new TextDecoder().decode(readFileSync(glb).subarray(0, 4))).toBe('glTF');
    const contradiction = gameanim('export', RIGID, 'fixtures/anpk-gta3.ifp', '-o', join(dir, 'by-name', 'other.glb'), '--gltf');
    expect(contradiction.code).toBe(2);
    expect(contradiction.stderr).toBe(
      `gameanim export: --gltf writes a JSON .gltf, but ${join(dir, 'by-name', 'other.glb')} names a binary .glb: name it .gltf, or leave out --gltf\n`,
    );
    expect(readdirSync(join(dir, 'by-name')).sort()).toEqual(['ped.bin', 'ped.glb', 'ped.gltf', 'ped.tinyskin.png']);
  });

  it('a material whose texture the TXD lacks is a warning naming it, and no texture is counted', () => {
    const run = gameanim(
      'export',
      RIGID,
      'fixtures/anpk-gta3.ifp',
      '-o',
      join(dir, 'untextured.glb'),
      '--txd',
      'fixtures/textures.txd',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.textures).toBe(0);
    expect(document.warnings.find((w: { code: string }) => w.code === 'missing-textures').message).toMatch(/untextured: tinyskin$/);
  });

  it('several inputs into one .glb: every clip in that one file (never a folder of that name), the count printed the count written', async () => {
    const out = join(dir, 'both.glb');
    const run = gameanim('export', 'fixtures/dff-ped-5bone.dff', 'fixtures/anp3-all-types.ifp', 'fixtures/anp2-basic.ifp', '-o', out);
    expect(run.code, run.stderr).toBe(0);
    expect(statSync(out).isFile()).toBe(true);
    expect(await validatorErrors(new Uint8Array(readFileSync(out)))).toEqual([]);
    const printed = Number(/both\.glb: (\d+) animations? on/.exec(run.stdout)![1]);
    expect(printed).toBe(await animationsIn(out));
    expect(printed).toBeGreaterThan(2);
    expect(
      gameanim(
        'export',
        'fixtures/dff-ped-5bone.dff',
        'fixtures/anp3-all-types.ifp',
        'fixtures/anp2-basic.ifp',
        '-o',
        join(dir, 'jobs.glb'),
        '--jobs',
        '2',
      ).code,
    ).toBe(2);
  });

  it('the batch export takes --txd, --anim and IGI 2 clips, prints glTF warnings, and its counts are the files', async () => {
    const out = join(dir, 'batch');
    const run = gameanim(
      'export',
      RIGID,
      'fixtures/anpk-gta3.ifp',
      'fixtures/anp3-all-types.ifp',
      '-o',
      `${out}/`,
      '--txd',
      txd,
      '--anim',
      'RUN_CIVI',
      '--jobs',
      '1',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.written.map((w: { path: string }) => w.path)).toEqual([join(out, 'ped.glb')]);
    expect(document.written[0]).toMatchObject({ animations: 1, textures: 1 });
    expect(await animationsIn(join(out, 'ped.glb'))).toBe(1);
    expect(readdirSync(out)).toEqual(['ped.glb']);

    const igi = join(dir, 'igi');
    const clips = gameanim('export', 'fixtures/igi2-3bone.iff', 'fixtures/igi2-3bone.iff', '-o', `${igi}/`, '--jobs', '1');
    expect(clips.code, clips.stderr).toBe(0);
    expect(clips.stdout).toContain(`${join(igi, 'igi2-3bone.glb')}: 1 animation\n  resampled: `);
    expect(clips.stdout).toContain('1 of 1 file exported on 1 worker thread');
    expect(await animationsIn(join(igi, 'igi2-3bone.glb'))).toBe(1);

    const nowhere = gameanim(
      'export',
      RIGID,
      'fixtures/anpk-gta3.ifp',
      'fixtures/anp2-basic.ifp',
      '-o',
      `${join(dir, 'none')}/`,
      '--anim',
      'nope',
    );
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('no animation named "nope"');
  });
});
