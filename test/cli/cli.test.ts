import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IFFReader, IFPReader, IMGArchive, SpriteAnimReader, writeIMG } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/dist/src/cli/main.js');

/** Runs the built CLI with piped output, as a script would. */
function gameanim(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const scratch = mkdtempSync(join(tmpdir(), 'gameanim-cli-'));
const archivePath = join(scratch, 'anim.img');
writeFileSync(
  archivePath,
  writeIMG([
    { name: 'walk.ifp', data: fixture('anp3-all-types.ifp') },
    { name: 'readme.txt', data: new TextEncoder().encode('not an animation') },
    { name: 'run.ifp', data: fixture('anpk-all-keys.ifp') },
  ]),
);

describe('gameanim CLI', () => {
  it('info: format, packages, counts and warnings per file', () => {
    const { code, stdout, stderr } = gameanim('info', 'fixtures/anp3-all-types.ifp', 'fixtures/multi-package-trailing.ifp');
    expect(code).toBe(0);
    expect(stderr).toBe(''); // piped: no progress bar
    expect(stdout.split('\n')).toEqual([
      'fixtures/anp3-all-types.ifp: IFP ANP3 "fixture": 2 animations, 5 tracks, 16 keyframes (simd)',
      'fixtures/multi-package-trailing.ifp: IFP ANP3 "fixture", ANPK "vc_style", ANP2 "older_tool": 6 animations, 14 tracks, 34 keyframes (simd)',
      '  warning trailing-bytes: IFP: 29 bytes after the last package do not start a package; ignored (at byte 1682)',
      '',
    ]);
  });

  it('info walks an IMG archive entry by entry', () => {
    const { code, stdout } = gameanim('info', archivePath);
    expect(code).toBe(0);
    expect(stdout).toContain('IMG VER2, 3 entries');
    expect(stdout).toContain('  walk.ifp: IFP ANP3 "fixture": 2 animations, 5 tracks, 16 keyframes');
    expect(stdout).toContain('  run.ifp: IFP ANPK "vc_style": 2 animations, 5 tracks, 9 keyframes');
    expect(stdout).toContain('  total: 2 IFP entries, 4 animations, 10 tracks, 25 keyframes; 1 other entry not decoded');
  });

  it('exits 1 for a decode error, naming the file and the offset, after the other files', () => {
    const broken = join(scratch, 'broken.ifp');
    writeFileSync(broken, fixture('anp3-all-types.ifp').subarray(0, 30)); // cut inside the package header
    const { code, stdout, stderr } = gameanim('info', broken, 'fixtures/anp2-basic.ifp');
    expect(code).toBe(1);
    expect(stdout).toContain('fixtures/anp2-basic.ifp: IFP ANP2');
    expect(stderr).toMatch(new RegExp(`gameanim: ${broken}: IFP: ANP3 package header needs 36 bytes, 30 remain \\(at byte 0\\)`));
  });

  it('names the archive, not an entry name, when an archive cannot be read', () => {
    const broken = join(scratch, 'broken.img');
    writeFileSync(
      broken,
      Uint8Array.from('VER2\xff\xff\xff\x00', (c) => c.charCodeAt(0)),
    );
    const { code, stderr } = gameanim('img', 'extract', broken, 'walk.ifp', '-o', join(scratch, 'none'));
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^gameanim: ${broken}: IMG: directory entry count 16777215`));
  });

  it('list: animations with track counts, key counts and durations', () => {
    const { code, stdout } = gameanim('list', 'fixtures/anp3-all-types.ifp');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'animation           tracks  keys  seconds',
        'WEAPON_start_throw       4    12      0.6',
        'Odd_Times                1     4      0.5',
        '',
      ].join('\n'),
    );
  });

  it('dump: every value as text', () => {
    const { code, stdout } = gameanim('dump', 'fixtures/anpk-gta3.ifp');
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 5)).toEqual([
      'package "ped" (ANPK)',
      '  animation "run_civi": 2 tracks, 0.13333334 s',
      '    bone "Swaist" id -1: KRT0, 2 keys',
      '      t 0  q 0 0 0.25 0.7998047  t -0.125 0 0.375',
      '      t 0.13333334  q 0.123535156 0 0.2421875 0.7998047  t -0.5 0 0.75',
    ]);
  });

  it('dump --json: the documented schema, with values exactly as decoded', () => {
    const { code, stdout } = gameanim('dump', 'fixtures/anpk-all-keys.ifp', '--json', '--anim', 'WALK_CIVI');
    expect(code).toBe(0);
    const document = JSON.parse(stdout);
    const reader = new IFPReader(fixture('anpk-all-keys.ifp'));
    expect(document.format).toBe('IFP');
    expect(document.warnings).toEqual([]);
    expect(document.packages).toHaveLength(1);
    const [animation] = document.packages[0].animations;
    expect(document.packages[0].animations).toHaveLength(1);
    expect(animation.name).toBe('walk_civi');
    const thigh = animation.bones[2];
    const expected = reader.getAnimation('walk_civi')!.bones[2]!;
    expect(thigh).toEqual({
      boneName: 'Bip01 L Thigh',
      boneId: 41,
      keyframeType: 'KRTS',
      compressed: false,
      times: Array.from(expected.times),
      rotations: Array.from(expected.rotations),
      translations: Array.from(expected.translations!),
      scales: Array.from(expected.scales!),
    });
    expect(animation.bones[0].scales).toBeNull();
  });

  it('info and dump recognise FORM/ANM2 files by their magic', () => {
    const info = gameanim('info', 'fixtures/anm2-odd-chunk.iff');
    expect(info.code).toBe(0);
    expect(info.stdout).toBe(
      'fixtures/anm2-odd-chunk.iff: IFF ANM2: 2 bones, 5 frames at 30 Hz, 0.13333334 s, root motion yes, unknown chunks NOTE, copied\n',
    );
    const text = gameanim('dump', 'fixtures/anm2-2bone.iff');
    expect(text.stdout.split('\n').slice(1, 4)).toEqual([
      '  bone 0 parent -1: inverse bind 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1',
      '    t 0  q 0 0 0 1',
      '    t 0.033333335  q 0.014998438 0.019997917 0 0.9996875',
    ]);
    const json = JSON.parse(gameanim('dump', 'fixtures/anm2-48bone.iff', '--json').stdout);
    const reader = new IFFReader(fixture('anm2-48bone.iff'));
    expect(json).toMatchObject({ format: 'IFF', formType: 'ANM2', frameCount: 10, sampleRate: 30, rootMotion: null, unknownChunks: [] });
    expect(json.bones).toHaveLength(48);
    expect(json.bones[47]).toEqual({
      index: 47,
      parent: 23,
      inverseBindMatrix: Array.from(reader.bones[47]!.inverseBindMatrix),
      rotations: Array.from(reader.tracks[47]!.rotations),
    });
    expect(json.times).toEqual(Array.from(reader.tracks[0]!.times));
  });

  it('dump prints the script listing of ANIM files, and --json their data', () => {
    const text = gameanim('dump', 'fixtures/sprites-all-opcodes.anim');
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe(
      'ANIM v1: 256x128, 5 sprites, 10 scripts (61 instructions), texture data/sprites/bullets.png, alpha data/sprites/bullets_a.png',
    );
    const loop = lines.indexOf(`script 6 (at byte ${new SpriteAnimReader(fixture('sprites-all-opcodes.anim')).getScript(6)!.offset}):`);
    expect(loop).toBeGreaterThan(0);
    expect(lines.slice(loop + 1, loop + 5)).toEqual([
      '  0000  t=0     SET_SPRITE id=1',
      '  0008  t=10    SET_SPRITE id=2',
      '  0010  t=20    JUMP target=0 -> 0000 (#0, t=0)',
      '  0018  t=30    STOP',
    ]);
    const json = JSON.parse(gameanim('dump', 'fixtures/sprites-all-opcodes.anim', '--json').stdout);
    const reader = new SpriteAnimReader(fixture('sprites-all-opcodes.anim'));
    expect(json).toMatchObject({
      format: 'ANIM',
      version: 1,
      width: 256,
      height: 128,
      texturePath: 'data/sprites/bullets.png',
      warnings: [],
    });
    expect(json.sprites).toEqual(reader.sprites);
    expect(json.scripts).toEqual(reader.scripts);
    expect(gameanim('info', 'fixtures/sprites-no-paths.anim').stdout).toBe(
      'fixtures/sprites-no-paths.anim: ANIM v1: 64x64, 1 sprite, 1 script (2 instructions)\n',
    );
  });

  it('img ls and img extract', () => {
    const ls = gameanim('img', 'ls', archivePath);
    expect(ls.code).toBe(0);
    expect(ls.stdout.split('\n').slice(0, 4)).toEqual([
      'name        offset  size',
      'walk.ifp      2048  2048',
      'readme.txt    4096  2048',
      'run.ifp       6144  2048',
    ]);
    const out = join(scratch, 'out');
    const extract = gameanim('img', 'extract', archivePath, 'RUN.IFP', '-o', out);
    expect(extract.code).toBe(0);
    const archive = new IMGArchive(new Uint8Array(readFileSync(archivePath)));
    expect(Buffer.from(readFileSync(join(out, 'run.ifp'))).equals(Buffer.from(archive.get('run.ifp')!))).toBe(true);
    const missing = gameanim('img', 'extract', archivePath, 'nope.ifp', '-o', out);
    expect(missing.code).toBe(1); // an input problem, not a usage error
    expect(missing.stderr).toContain('has no entry named "nope.ifp" (gameanim img ls');
    // Messages name commands, not API calls.
    const notArchive = gameanim('img', 'ls', 'fixtures/anp2-basic.ifp');
    expect(notArchive.code).toBe(1);
    expect(notArchive.stderr).toContain(
      'not an IMG archive; give a San Andreas .img, or either file of a GTA III/VC pair (.dir and .img side by side)',
    );
    expect(notArchive.stderr).not.toMatch(/IMGArchive|fromDir/);
  });

  it('info on a model prints its bone table; bind prints matched, unmatched and rest bones', () => {
    const model = gameanim('info', 'fixtures/dff-ped-5bone.dff');
    expect(model.code).toBe(0);
    expect(model.stdout.split('\n').slice(0, 4)).toEqual([
      'fixtures/dff-ped-5bone.dff: DFF: 6 frames, 5 bones, inverse binds',
      '  bone  id  name          parent  rest translation',
      '     0   0  "Root"            -1  0 0 0',
      '     1   1  " Pelvis"          0  0 0 0.25',
    ]);
    const bound = gameanim('bind', 'fixtures/dff-ped-5bone.dff', 'fixtures/anp3-all-types.ifp');
    expect(bound.code).toBe(0);
    expect(bound.stdout).toContain('WEAPON_start_throw      3/5                 1           2');
    expect(bound.stdout).toContain('WEAPON_start_throw: unmatched tracks "Object"');
    expect(bound.stdout).toContain('WEAPON_start_throw: rest bones " Spine", "R UpperArm"');
    // Clips of another rig bind nothing, say why, and exit 1 (they used to bind by index).
    for (const other of ['fixtures/anm2-48bone.iff', 'fixtures/igi2-3bone.iff']) {
      const nothing = gameanim('bind', 'fixtures/dff-ped-5bone.dff', other);
      expect(nothing.code, other).toBe(1);
      expect(nothing.stderr, other).toMatch(/clip does not play on a GTA skeleton: nothing bound/);
      expect(nothing.stdout, other).toMatch(/ 0\/5 /);
    }
    const prop = gameanim('bind', 'fixtures/dff-prop.dff', 'fixtures/anp3-all-types.ifp');
    // A prop's skeleton is its frames, bound by name: a ped clip drives none of them.
    expect(prop.code).toBe(1);
    expect(prop.stderr).toContain('no animation drives any bone');
    // Each clip that drives nothing says so, not only the file.
    expect(prop.stdout).toContain('WEAPON_start_throw: drives no bone (4 tracks, none found on the model by id or name)');
    expect(prop.stdout).toContain('Odd_Times: drives no bone (1 track, none found on the model by id or name)');
  });

  it("bind: GTA III's clips (names, no ids) drive a skinned III ped (ids as III's bone tags)", () => {
    const bound = gameanim('bind', 'fixtures/dff-skinned-gta3.dff', 'fixtures/anpk-gta3.ifp');
    expect(bound.code).toBe(0);
    expect(bound.stdout).toContain('run_civi      2/16                 0          14');
  });

  it('bind and lint --skeleton take a frame-bound model (a GTA III ped) as a skinned one: tracks bind to frames by name', () => {
    const bound = gameanim('bind', 'fixtures/dff-rigid-ped.dff', 'fixtures/anpk-gta3.ifp');
    expect(bound.code).toBe(0);
    expect(bound.stdout).toContain('run_civi       2/6                 0           4');
    const clean = gameanim('lint', 'fixtures/anpk-gta3.ifp', '--skeleton', 'fixtures/dff-rigid-ped.dff');
    expect(clean.stdout).not.toMatch(/no-bone-matches|unbound-track/);
    const other = gameanim('lint', 'fixtures/anp3-all-types.ifp', '--skeleton', 'fixtures/dff-rigid-ped.dff');
    expect(other.code).toBe(0);
    expect(other.stdout).toMatch(/note no-bone-matches \[WEAPON_start_throw\]/);
  });

  it('IGI 2: both kinds of .iff are told apart by magic, and every command reads ILFF clips and models', () => {
    const both = gameanim('info', 'fixtures/anm2-2bone.iff', 'fixtures/igi2-3bone.iff');
    expect(both.code).toBe(0);
    expect(both.stdout).toContain('fixtures/anm2-2bone.iff: IFF ANM2: 2 bones');
    expect(both.stdout).toContain(
      'fixtures/igi2-3bone.iff: ILFF MINA "fixture_clip": 3 bones, 7 rotation keys, 0.2 s (960 ticks at 4800/s), looping, 1 attachment, 1 trigger, 3 wrap keys',
    );
    expect(gameanim('list', 'fixtures/igi2-3bone.iff').stdout).toContain('fixture_clip       3     7      0.2');
    const text = gameanim('dump', 'fixtures/igi2-3bone.iff');
    expect(text.stdout).toContain('  bone 1 parent 0: 3 rotation keys');
    const json = JSON.parse(gameanim('dump', 'fixtures/igi2-3bone.iff', '--json').stdout);
    expect(json).toMatchObject({ format: 'ILFF', contentType: 'MINA', name: 'fixture_clip', durationTicks: 960, parents: [-1, 0, 0] });
    expect(json.tracks[0].rotationTicks).toEqual([0, 480, 960]);
    expect(json.wrapKeys.tracks[0].rotationTicks).toEqual([1120]);
    // A clip carries its own skeleton: bind it to itself, either way round.
    expect(gameanim('bind', 'fixtures/igi2-3bone.iff', '--skeleton', 'fixtures/igi2-3bone.iff').stdout).toContain('fixture_clip      3/3');
    expect(gameanim('bind', 'fixtures/igi2-3bone.iff', 'fixtures/igi2-3bone.iff').code).toBe(0);
    expect(gameanim('info', 'fixtures/igi2-bad/entry-wrong-size.iff').stdout).toContain('warning bad-entry');
    const broken = gameanim('info', 'fixtures/igi2-bad/orphan-bone.iff');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/ILFF: REIH leaves bone 1 without a parent \(at byte \d+\)/);
  });

  it('export writes a model and its clips as glTF (or .gltf + .bin); import brings an edited glTF back as IFP', () => {
    const glb = join(scratch, 'ped.glb');
    const out = gameanim('export', 'fixtures/dff-ped-5bone.dff', 'fixtures/anp3-all-types.ifp', '-o', glb, '--anim', 'WEAPON_start_throw');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`${glb}: 1 animation on 5 bones`);
    expect(out.stdout).toContain(
      'unmatched-tracks: tracks that drive no bone of the skeleton were written as nodes of their own, outside the skin: Object',
    );
    expect(readFileSync(glb).subarray(0, 4).toString()).toBe('glTF');
    const ifp = join(scratch, 'back.ifp');
    const back = gameanim('import', glb, '--skeleton', 'fixtures/dff-ped-5bone.dff', '-o', ifp);
    expect(back.code).toBe(0);
    // The clip's Object track drives no bone of the model: it went out as a node of its own and comes back.
    expect(back.stdout).toContain(`${ifp}: package "back", 1 animation (ANP3), 4 tracks`);
    expect(new IFPReader(new Uint8Array(readFileSync(ifp))).animations[0]!.bones.map((b) => b.boneName)).toEqual([
      'Root',
      ' Pelvis',
      'R Hand',
      'Object',
    ]);
    const split = gameanim(
      'export',
      'fixtures/dff-ped-5bone.dff',
      'fixtures/anp3-all-types.ifp',
      '-o',
      join(scratch, 'gltf', 'ped.gltf'),
      '--gltf',
    );
    expect(split.code).toBe(0);
    expect(JSON.parse(readFileSync(join(scratch, 'gltf', 'ped.gltf'), 'utf8')).buffers[0].uri).toBe('ped.bin');
    expect(gameanim('export', 'fixtures/dff-ped-5bone.dff', 'fixtures/anp3-all-types.ifp', '-o', glb, '--anim', 'nope').code).toBe(1);
    expect(gameanim('export', 'fixtures/dff-ped-5bone.dff', 'fixtures/anp3-all-types.ifp').code).toBe(2);
    expect(gameanim('import', glb, '--skeleton', 'fixtures/dff-ped-5bone.dff', '-o', ifp, '--format', 'XYZ').code).toBe(2);
    // --name sets the package the game looks up; --format takes any case.
    const named = join(scratch, 'named.ifp');
    expect(gameanim('import', glb, '--skeleton', 'fixtures/dff-ped-5bone.dff', '-o', named, '--name', 'ped', '--format', 'anpk').code).toBe(
      0,
    );
    expect([
      new IFPReader(new Uint8Array(readFileSync(named))).packageName,
      new IFPReader(new Uint8Array(readFileSync(named))).packages[0]!.format,
    ]).toEqual(['ped', 'ANPK']);
    // A glTF whose nodes match no bone of the model writes nothing and exits 1.
    const igi = join(scratch, 'igi.glb');
    expect(gameanim('export', 'fixtures/igi2-3bone.iff', 'fixtures/igi2-3bone.iff', '-o', igi).code).toBe(0);
    const none = gameanim('import', igi, '--skeleton', 'fixtures/dff-ped-5bone.dff', '-o', join(scratch, 'none.ifp'));
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no animation drives any bone/);
    expect(existsSync(join(scratch, 'none.ifp'))).toBe(false);
  });

  it('exits 2 for usage errors only, and every command has --help', () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['list'],
      ['dump'],
      ['view', '--json'],
      ['img', 'rm', 'x'],
      ['bind', 'x'],
      ['dump', 'fixtures/anm2-2bone.iff', '--anim', 'x'],
    ]) {
      const { code, stderr } = gameanim(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/^gameanim( [a-z]+)?: /); // a flag mistake names the command
    }
    expect(gameanim().stderr).toContain('usage: gameanim <command>'); // bare: the overview, on stderr
    for (const command of ['info', 'list', 'dump', 'bind', 'img', 'bench']) {
      const { code, stdout } = gameanim(command, '--help');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^usage: gameanim ${command}`));
    }
    expect(gameanim('--help').code).toBe(0);
  });

  it('exits 1 for a problem with an input, after processing every other input', () => {
    const cases: Array<[string[], RegExp]> = [
      [['info', 'no-such-file.ifp', 'fixtures/anp2-basic.ifp'], /gameanim: no-such-file\.ifp: no such file/],
      [['info', 'fixtures', 'fixtures/anp2-basic.ifp'], /gameanim: fixtures: a directory, not a file/],
      [['info', 'package.json', 'fixtures/anp2-basic.ifp'], /gameanim: package\.json: not a format gameanim reads/],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = gameanim(...args);
      expect(code, args.join(' ')).toBe(1);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
      expect(stdout).toContain('fixtures/anp2-basic.ifp: IFP ANP2'); // the next input was still processed
    }
    expect(gameanim('list', 'fixtures/sprites-no-paths.anim').code).toBe(1); // as info does for a file it cannot list
    expect(gameanim('list', 'no-such-file.ifp').code).toBe(1);
    const unknown = gameanim('dump', 'fixtures/anp2-basic.ifp', '--anim', 'missing');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no animation named "missing"');
  });

  // script(1) gives the CLI a terminal, where the progress bar must appear (and clear itself).
  const haveScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!haveScript)('shows a progress bar on a terminal', () => {
    const out = join(scratch, 'tty-out');
    const run = spawnSync('script', ['-qc', `${process.execPath} ${bin} img extract ${archivePath} -o ${out} > /dev/null`, '/dev/null'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/extracting \[[█░]+\] 3\/3/);
  });

  it('bench --quick runs every row on a small generated corpus', () => {
    const corpus = join(scratch, 'corpus');
    const { code, stdout } = gameanim('bench', '--quick', '--corpus', corpus);
    expect(code).toBe(0);
    // Quick rows under 1 ms carry a label saying they mean nothing.
    for (const row of ['bound: memcpy of the output size', 'simd', 'scalar', 'js', 'naive: one object per keyframe'])
      expect(stdout).toMatch(new RegExp(`\\| ${row.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(too small to mean anything\\))? \\|`));
    expect(JSON.parse(readFileSync(join(corpus, 'corpus.json'), 'utf8')).scale).toBe(0.02);
  });
});

describe('what a newcomer meets first', () => {
  it('gameanim --version prints the package version; a file of no known format names every format gameanim reads', () => {
    const version = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), '--version'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect([version.status, version.stdout.trim()]).toEqual([0, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version]);
    const unknown = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), 'info', 'README.md'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(unknown.status).toBe(1);
    for (const format of ['IFP', 'III/VC .dir + .img', 'RenderWare model', 'ILFF/MINA', 'ILFF/OCEM', '.mef', 'FORM/ANM2', '.anim'])
      expect(unknown.stderr, format).toContain(format);
  });
});
