// The .img of a GTA III/VC pair opens through the .dir beside it, for every img subcommand and every
// command that walks an archive (issue #46 point 2): a user holds either file. A v1 .img has no
// header; an anim block's starts with an IFP's bytes, which used to read as one IFP file or as "not an
// IMG archive".
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMGArchive, IMGEditor } from '../../src/index.js';
import { fixture, samplesDir, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** A v1 pair made by the project's writer: an IFP first (so the .img starts with "ANP3"), a texture dictionary, a model. */
function writePair(folder: string, stem: string): { dir: string; img: string } {
  const editor = IMGEditor.create('v1');
  editor.add('walk.ifp', fixture('anp3-all-types.ifp'));
  editor.add('skin.txd', fixture('textures.txd'));
  editor.add('ped.dff', fixture('dff-ped-5bone.dff'));
  const { img, dir } = editor.write();
  const paths = { dir: join(folder, `${stem}.dir`), img: join(folder, `${stem}.img`) };
  writeFileSync(paths.img, img);
  writeFileSync(paths.dir, dir!);
  return paths;
}

const scratch = mkdtempSync(join(tmpdir(), 'gameanim-pair-'));
const pair = writePair(scratch, 'anims');

/** The output with the archive's path made the same for either file of the pair. */
const same = (text: string) => text.replaceAll(pair.img, 'ARCHIVE').replaceAll(pair.dir, 'ARCHIVE');

describe('the .img of a III/VC pair', () => {
  it('starts with its first entry, not a header: read alone it is no archive', () => {
    expect(String.fromCharCode(...readFileSync(pair.img).subarray(0, 4))).toBe('ANP3');
    expect(IMGArchive.fromDir(readFileSync(pair.dir), readFileSync(pair.img)).entries.map((e) => e.name)).toEqual([
      'walk.ifp',
      'skin.txd',
      'ped.dff',
    ]);
  });

  it('img ls, info, list, dump, lint, txd ls and bind read it as they read the .dir', () => {
    const commands = [
      ['img', 'ls', '%'],
      ['info', '%'],
      ['list', '%'],
      ['dump', '%'],
      ['lint', '%'],
      ['txd', 'ls', '%'],
      ['bind', 'fixtures/dff-ped-5bone.dff', '%'],
      ['bind', 'fixtures/dff-ped-5bone.dff', '%', '--json'],
    ];
    for (const command of commands) {
      const viaImg = gameanim(...command.map((arg) => arg.replace('%', pair.img)));
      const viaDir = gameanim(...command.map((arg) => arg.replace('%', pair.dir)));
      expect(viaImg.code, `${command.join(' ')}: ${viaImg.stderr}`).toBe(viaDir.code);
      expect(viaImg.code, `${command.join(' ')}: ${viaImg.stderr}`).toBeLessThan(2);
      expect(same(viaImg.stdout), command.join(' ')).toBe(same(viaDir.stdout));
      expect(same(viaImg.stderr), command.join(' ')).toBe(same(viaDir.stderr));
    }
    expect(gameanim('img', 'ls', pair.img).stdout).toMatch(/walk\.ifp\s+0\s+\d+\n/);
    expect(gameanim('info', pair.img).stdout).toContain(`${pair.img}: IMG v1, 3 entries`);
  });

  it('img extract writes its entries; export writes its IFP entries as glTF', () => {
    const out = join(scratch, 'extracted');
    expect(gameanim('img', 'extract', pair.img, '-o', out).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['ped.dff', 'skin.txd', 'walk.ifp']);
    // A v1 entry fills whole sectors: the file, then zeros.
    const walk = fixture('anp3-all-types.ifp');
    const extracted = new Uint8Array(readFileSync(join(out, 'walk.ifp')));
    expect(extracted.subarray(0, walk.length)).toEqual(walk);
    expect(extracted.length % 2048).toBe(0);
    const exported = join(scratch, 'exported');
    const result = gameanim('export', 'fixtures/dff-ped-5bone.dff', pair.img, '-o', exported);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(exported).some((name) => name.endsWith('.glb'))).toBe(true);
  });

  it('img add, delete, rename and rebuild edit the pair named by its .img, and never write over it without --in-place', () => {
    const edited = writePair(scratch, 'edited');
    const copy = join(scratch, 'copy.img');
    const added = gameanim('img', 'add', edited.img, 'fixtures/anpk-gta3.ifp', '-o', copy);
    expect(added.code, added.stderr).toBe(0);
    expect(existsSync(join(scratch, 'copy.dir'))).toBe(true);
    expect(gameanim('img', 'ls', copy).stdout).toContain('anpk-gta3.ifp');
    for (const step of [['delete', 'skin.txd'], ['rename', 'walk.ifp', 'run.ifp'], ['rebuild']]) {
      const result = gameanim('img', step[0]!, edited.img, ...step.slice(1), '--in-place');
      expect(result.code, `${step.join(' ')}: ${result.stderr}`).toBe(0);
    }
    const archive = IMGArchive.fromDir(readFileSync(edited.dir), readFileSync(edited.img));
    expect(archive.entries.map((e) => e.name)).toEqual(['run.ifp', 'ped.dff']);
    expect(archive.read(archive.entries[0]!).subarray(0, fixture('anp3-all-types.ifp').length)).toEqual(fixture('anp3-all-types.ifp'));
    // -o naming the pair's own .img is an input: refused without --force.
    expect(gameanim('img', 'delete', edited.img, 'run.ifp', '-o', edited.img).code).toBe(1);
  });

  it('an .img without its .dir is still refused, in one line naming what to give', () => {
    const alone = join(scratch, 'alone.img');
    copyFileSync(pair.img, alone);
    const result = gameanim('img', 'ls', alone);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `gameanim: ${alone}: not an IMG archive; give a San Andreas .img, or either file of a GTA III/VC pair (.dir and .img side by side)`,
    ]);
  });

  it('img list is a one-line pointer to img ls', () => {
    const result = gameanim('img', 'list', pair.img);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual(['gameanim: img has no "list": did you mean img ls ARCHIVE?']);
  });

  itWith([SAMPLES])("a Vice City mod's anims.img: img ls and img extract as through its .dir", () => {
    const vcImg = join(samplesDir, 'vc/vc_mod_anims.img');
    const listed = gameanim('img', 'ls', vcImg, '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const entries = JSON.parse(listed.stdout).entries as Array<{ name: string }>;
    expect(entries.map((e) => e.name)).toEqual([
      'biked.ifp',
      'bikeh.ifp',
      'bikes.ifp',
      'bikev.ifp',
      'buddy.ifp',
      'colt45.ifp',
      'flame.ifp',
      'python.ifp',
      'rifle.ifp',
      'shotgun.ifp',
      'uzi.ifp',
    ]);
    expect(JSON.parse(gameanim('img', 'ls', join(samplesDir, 'vc/vc_mod_anims.dir'), '--json').stdout).entries).toEqual(
      JSON.parse(listed.stdout).entries,
    );
    const out = join(scratch, 'vc');
    expect(gameanim('img', 'extract', vcImg, 'colt45.ifp', '-o', out).code).toBe(0);
    const archive = IMGArchive.fromDir(readFileSync(join(samplesDir, 'vc/vc_mod_anims.dir')), readFileSync(vcImg));
    expect(new Uint8Array(readFileSync(join(out, 'colt45.ifp')))).toEqual(archive.read(archive.find('colt45.ifp')!));
    expect(gameanim('list', vcImg).stdout).toContain('colt45.ifp/');
  });
});
