// The glTF commands around a modder's loop: export of a model alone (a base to animate), bind of a
// .glb, import's package name from --like or cut to fit, and import onto a GTA III ped as ANPK.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IFPReader } from '../../src/index.js';
import { samplesDir, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/dist/src/cli/main.js');
const gameanim = (...args: string[]) => {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-gltf-commands-'));
const model = 'fixtures/dff-ped-5bone.dff';
const ifp = 'fixtures/anp3-all-types.ifp';

describe('glTF commands', () => {
  it('export MODEL -o OUT.glb writes the model at rest, without clips', () => {
    const rest = gameanim('export', model, '-o', join(scratch, 'rest.glb'));
    expect(rest.stderr).toBe('');
    expect(rest.code).toBe(0);
    expect(rest.stdout).toContain('rest.glb: 0 animations on 5 bones');
    expect(readFileSync(join(scratch, 'rest.glb')).subarray(0, 4).toString()).toBe('glTF');
  });

  it('bind MODEL FILE.glb binds the animations as import reads them', () => {
    const glb = join(scratch, 'throw.glb');
    expect(gameanim('export', model, ifp, '-o', glb, '--anim', 'WEAPON_start_throw').code).toBe(0);
    const bound = gameanim('bind', model, glb);
    expect(bound.stderr).toBe('');
    expect(bound.code).toBe(0);
    expect(bound.stdout).toMatch(/WEAPON_start_throw\s+3\/5\s+1\s+2/);
  });

  it('a long output name is cut to 23 bytes with a warning; with --like the original package name is taken', () => {
    const glb = join(scratch, 'like.glb');
    expect(gameanim('export', model, ifp, '-o', glb, '--anim', 'WEAPON_start_throw').code).toBe(0);
    const long = join(scratch, 'a-package-name-longer-than-24-bytes.ifp');
    const cut = gameanim('import', glb, '--skeleton', model, '-o', long);
    expect(cut.code).toBe(0);
    expect(cut.stdout).toContain('package-name: the output file\'s name "a-package-name-longer-than-24-bytes" has more than 23 bytes');
    expect(new IFPReader(new Uint8Array(readFileSync(long))).packageName).toBe('a-package-name-longer-t');
    const liked = gameanim(
      'import',
      glb,
      '--skeleton',
      model,
      '--like',
      ifp,
      '-o',
      join(scratch, 'another-package-name-longer-than-24.ifp'),
    );
    expect(liked.code).toBe(0);
    expect(liked.stdout).not.toContain('  package-name:');
    expect(new IFPReader(new Uint8Array(readFileSync(join(scratch, 'another-package-name-longer-than-24.ifp')))).packageName).toBe(
      new IFPReader(new Uint8Array(readFileSync(join(root, ifp)))).packageName,
    );
    // A name given with --name is the user's: too long is still refused.
    expect(
      gameanim('import', glb, '--skeleton', model, '-o', join(scratch, 'x.ifp'), '--name', 'a-package-name-longer-than-24-bytes').code,
    ).toBe(1);
  });

  itWith([SAMPLES])('import --skeleton iii/gang01.dff --format ANPK brings a III clip back', () => {
    const glb = join(scratch, 'gang01.glb');
    expect(
      gameanim(
        'export',
        join(samplesDir, 'iii/gang01.dff'),
        join(samplesDir, 'iii_pcanims_ped_anpk.ifp'),
        '--anim',
        'walk_player',
        '-o',
        glb,
      ).code,
    ).toBe(0);
    const out = join(scratch, 'gang01.ifp');
    const back = gameanim('import', glb, '--skeleton', join(samplesDir, 'iii/gang01.dff'), '--format', 'ANPK', '-o', out);
    expect(back.stderr).toBe('');
    expect(back.stdout).toContain('package "gang01", 1 animation (ANPK), 16 tracks');
    expect(new IFPReader(new Uint8Array(readFileSync(out))).packages[0]!.format).toBe('ANPK');
  });
  if (!samplesPresent) it.skip(SAMPLES_SKIP_MESSAGE, () => {});
});
