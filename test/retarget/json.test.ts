// `gameanim retarget --json`: the document docs/guides/json.md describes, checked against the package
// it wrote; a source that does not map prints no document, its error on stderr, exit 1; a .gltf source
// (its .bin beside it) retargets as its .glb does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Format, WebIO } from '@gltf-transform/core';
import { expect, it } from 'vitest';
import { DFFReader, IFPReader } from '../../src/index.js';
import { PED_BONE_TAGS } from '../../src/core/bone-tags.js';
import { MIXAMO_PRESET } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { foreignRig } from './foreign-rigs.js';
import { describeWith } from '../helpers/needs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });

describeWith([SAMPLES], `retarget --json (samples at ${samplesDir})`, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gameanim-retarget-json-'));
  const model = join(samplesDir, 'dff/sa_skin_plain.dff');
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
  /** walk_player as another rig's GLB (1.15x, 30 Hz), made from the plain skin. */
  const walkRig = (names: 'mixamo' | 'custom', pose: 'tpose' | 'rest') =>
    foreignRig(new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!, walk, { names, pose, scale: 115, rate: 30 });

  it('one document: what was written, the package, each animation with its tracks, and the report lines', async () => {
    const source = join(scratch, 'rig.glb');
    writeFileSync(source, await walkRig('mixamo', 'tpose'));
    const out = join(scratch, 'a-long-output-name.ifp');
    const run = gameanim('retarget', source, '--to', model, '--source-pose', 'tpose', '-o', out, '--json');
    expect(run.status).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(Object.keys(document)).toEqual(['written', 'format', 'package', 'animations', 'quality', 'ground', 'report']);
    // No ped.ifp near the model, no --ground-from: SA's idle leg pose stands this skin's feet.
    expect(document.ground).toEqual({ height: expect.closeTo(-0.9446, 3), from: 'idle pose', rest: expect.closeTo(-0.9813, 3) });
    expect(document.report).toContainEqual(
      expect.stringMatching(
        /^ground: SA's standing idle \(its leg pose, idle pose\) stands this skin's feet at -0\.945 m, \+3\.7 cm from its rest's; /,
      ),
    );
    const reader = new IFPReader(new Uint8Array(readFileSync(out)));
    expect(document.written).toEqual([out]);
    expect(document.format).toBe('ANP3');
    // The output's name cut to the 15 bytes SA finds a block by.
    expect(document.package).toBe('a-long-output-n');
    expect(reader.packages.map((p) => p.name)).toEqual([document.package]);
    expect(document.animations).toEqual(reader.animations.map((a) => ({ name: a.name, tracks: a.bones.length })));
    expect(document.report).toContain('"mixamorig:LeftArm" -> "L UpperArm" (Mixamo preset)');
    expect(document.report.some((line: string) => /^root motion scaled by /.test(line))).toBe(true);
    expect(document.report).toContain('"WALK_player": 1.200 s at 30 Hz, 73 keys on 60 Hz ticks');
    expect(document.report).toContain('reference pose: the rest (told: a T-pose)');
    // The quality of each animation, measured on what was written; the last report line says it.
    expect(document.quality.map((q: { animation: string }) => q.animation)).toEqual(['WALK_player']);
    const [quality] = document.quality;
    expect(Object.keys(quality)).toEqual([
      'animation',
      'reference',
      'limbs',
      'torso',
      'facing',
      'feet',
      'slide',
      'rootPath',
      'ground',
      'root',
      'ticks',
      'warnings',
    ]);
    // The rig walks on the spot of walk_player's own feet: the result's root covers the source's path.
    expect(quality.rootPath).toBeCloseTo(1, 1);
    expect(quality.ticks).toBe(73);
    expect(quality.limbs.p95).toBeLessThan(1);
    expect(quality.warnings).toEqual([]);
    expect(document.report.at(-1)).toMatch(/^"WALK_player" against the source, degrees over 73 ticks: limbs median \d+\.\d, p95/);
  });

  it('a .gltf source (its .bin beside it) writes the IFP its .glb does, byte for byte; without the .bin, exit 1 naming it', async () => {
    const glb = await walkRig('mixamo', 'tpose');
    const doc = await new WebIO().readBinary(glb);
    const { json, resources } = await new WebIO().writeJSON(doc, { format: Format.GLTF, basename: 'rig' });
    expect(Object.keys(resources)).toEqual(['rig.bin']);
    writeFileSync(join(scratch, 'rig.bin'), resources['rig.bin']!);
    writeFileSync(join(scratch, 'rig.gltf'), JSON.stringify(json));
    writeFileSync(join(scratch, 'same.glb'), glb);
    const args = ['--to', model, '--source-pose', 'tpose', '--name', 'walk'];
    expect(gameanim('retarget', join(scratch, 'same.glb'), ...args, '-o', join(scratch, 'from-glb.ifp')).status).toBe(0);
    const run = gameanim('retarget', join(scratch, 'rig.gltf'), ...args, '-o', join(scratch, 'from-gltf.ifp'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(join(scratch, 'from-gltf.ifp'))).toEqual(readFileSync(join(scratch, 'from-glb.ifp')));
    rmSync(join(scratch, 'rig.bin'));
    const missing = gameanim('retarget', join(scratch, 'rig.gltf'), ...args, '-o', join(scratch, 'none.ifp'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      `${join(scratch, 'rig.gltf')}: GLTF: buffer 0's URI "rig.bin" cannot be read: ${join(scratch, 'rig.bin')}: no such file`,
    );
  });

  it('--ground-from PED.ifp takes its idle as the ground (the report says where); PED.ifp:ANIM names the clip; a missing clip is exit 1 listing them', async () => {
    const source = join(scratch, 'ground.glb');
    writeFileSync(source, await walkRig('mixamo', 'tpose'));
    const ped = join(samplesDir, 'rwparserng_ped_anp3.ifp');
    const idle = gameanim('retarget', source, '--to', model, '--ground-from', ped, '-o', join(scratch, 'ground-idle.ifp'), '--json');
    expect(idle.stderr).toBe('');
    expect(idle.status).toBe(0);
    // woman_idlestance (the one idle of this package) stands this skin's lowest foot joint at -0.997 m.
    expect(JSON.parse(idle.stdout).report).toContain(
      "ground: the game's idle (--ground-from) stands this skin's feet at -0.997 m, -1.6 cm from its rest's; the source's floor (its lowest foot over the motion, 3.8 cm above the reference's feet) is put there",
    );
    expect(JSON.parse(idle.stdout).ground).toEqual({
      height: expect.closeTo(-0.9974, 3),
      from: '--ground-from',
      rest: expect.closeTo(-0.9813, 3),
      file: ped,
    });
    const named = gameanim(
      'retarget',
      source,
      '--to',
      model,
      '--ground-from',
      `${ped}:walk_player`,
      '-o',
      join(scratch, 'ground-walk.ifp'),
      '--json',
    );
    expect(named.status).toBe(0);
    expect(JSON.parse(named.stdout).report.find((l: string) => l.startsWith('ground:'))).toMatch(
      /^ground: the game's idle \(--ground-from\) stands this skin's feet at -0\.94\d m/,
    );
    const missing = gameanim(
      'retarget',
      source,
      '--to',
      model,
      '--ground-from',
      `${ped}:idle_stance`,
      '-o',
      join(scratch, 'ground-none.ifp'),
    );
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `gameanim: --ground-from: ${ped} has no animation "idle_stance"; name one as ${ped}:ANIM (it has bomber, run_player, WALK_player, woman_idlestance, woman_run, WOMAN_runsexy, WOMAN_walksexy)`,
    );
    expect(existsSync(join(scratch, 'ground-none.ifp'))).toBe(false);
  });

  it("a game folder's ped.ifp (beside the model, or anim/ped.ifp above it, any case) is found: its idle is the ground, the report and the document say where; --ground-from wins", async () => {
    const source = join(scratch, 'found.glb');
    writeFileSync(source, await walkRig('mixamo', 'tpose'));
    const game = join(scratch, 'game');
    mkdirSync(join(game, 'Anim'), { recursive: true });
    mkdirSync(join(game, 'models', 'peds'), { recursive: true });
    mkdirSync(join(scratch, 'beside'), { recursive: true });
    // The sample package stands in for a game's ped.ifp (copied into the test's own scratch folder).
    const ped = join(game, 'Anim', 'PED.IFP');
    writeFileSync(ped, sample('rwparserng_ped_anp3.ifp'));
    const skin = join(game, 'models', 'peds', 'skin.dff');
    writeFileSync(skin, sample('dff/sa_skin_plain.dff'));
    const found = gameanim('retarget', source, '--to', skin, '-o', join(scratch, 'found.ifp'), '--json');
    expect(found.status).toBe(0);
    const document = JSON.parse(found.stdout);
    expect(document.ground).toEqual({
      height: expect.closeTo(-0.9974, 3),
      from: 'ped.ifp woman_idlestance',
      rest: expect.closeTo(-0.9813, 3),
      file: ped,
    });
    expect(document.report[0]).toBe(`ground: the game's ped.ifp found at ${ped}: its woman_idlestance is the ground`);
    expect(document.report).toContainEqual(
      expect.stringMatching(/^ground: the game's idle \(ped\.ifp woman_idlestance\) stands this skin's feet at -0\.997 m/),
    );
    // Beside the model, and lowercase.
    writeFileSync(join(scratch, 'beside', 'ped.ifp'), sample('rwparserng_ped_anp3.ifp'));
    writeFileSync(join(scratch, 'beside', 'skin.dff'), sample('dff/sa_skin_plain.dff'));
    const beside = gameanim('retarget', source, '--to', join(scratch, 'beside', 'skin.dff'), '-o', join(scratch, 'beside.ifp'), '--json');
    expect(JSON.parse(beside.stdout).ground.file).toBe(join(scratch, 'beside', 'ped.ifp'));
    // --ground-from wins over a ped.ifp found.
    const told = gameanim(
      'retarget',
      source,
      '--to',
      skin,
      '--ground-from',
      `${ped}:walk_player`,
      '-o',
      join(scratch, 'told.ifp'),
      '--json',
    );
    expect(JSON.parse(told.stdout).ground).toMatchObject({ from: '--ground-from', file: ped });
    expect(JSON.parse(told.stdout).report.filter((l: string) => /ped\.ifp found/.test(l))).toEqual([]);
    // A ped.ifp with no idle in it is not used, and the report says so: SA's idle pose instead.
    writeFileSync(ped, sample('sa_grenade_anp3.ifp'));
    const none = gameanim('retarget', source, '--to', skin, '-o', join(scratch, 'none-found.ifp'), '--json');
    expect(none.status).toBe(0);
    expect(JSON.parse(none.stdout).ground.from).toBe('idle pose');
    expect(JSON.parse(none.stdout).report[0]).toMatch(
      new RegExp(`^ground: the game's ped\\.ifp found at ${ped.replace(/[.\\/]/g, '\\$&')} is not used: .* has no idle animation`),
    );
  });

  it('the feet are held by default (the report says how many contacts); --no-foot-lock gives the raw transfer and says nothing of them', async () => {
    const source = join(scratch, 'lock.glb');
    writeFileSync(source, await walkRig('mixamo', 'tpose'));
    const held = gameanim('retarget', source, '--to', model, '-o', join(scratch, 'lock-on.ifp'), '--json');
    expect(held.status).toBe(0);
    expect(JSON.parse(held.stdout).report).toContainEqual(
      expect.stringMatching(
        /^"WALK_player": feet held where the source's are planted: [1-9]\d* contacts on the left, [1-9]\d* on the right/,
      ),
    );
    const raw = gameanim('retarget', source, '--to', model, '--no-foot-lock', '-o', join(scratch, 'lock-off.ifp'), '--json');
    expect(raw.status).toBe(0);
    expect(JSON.parse(raw.stdout).report.filter((l: string) => /feet held|no planted feet found/.test(l))).toEqual([]);
  });

  it('a source whose limbs do not map: no document, the error on stderr, exit 1', async () => {
    const source = join(scratch, 'custom.glb');
    writeFileSync(source, await walkRig('custom', 'rest'));
    const map = join(scratch, 'map.json');
    writeFileSync(map, JSON.stringify({ pelvis: 'Pelvis' }));
    const run = gameanim('retarget', source, '--to', model, '--map', map, '-o', join(scratch, 'none.ifp'), '--json');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/no joint of the source maps to L UpperArm/);
  });

  it('--strict: a clip past the limits (a forearm driven by the hand, so the elbow bend is lost) exits 1 and writes nothing; without it, a warning and the file', async () => {
    const source = join(scratch, 'strict.glb');
    writeFileSync(source, await walkRig('mixamo', 'tpose'));
    const map = join(scratch, 'strict-map.json');
    const names = Object.entries(MIXAMO_PRESET).filter(([name]) => !/^(LeftForeArm|LeftHand|.*Index\d)$/.test(name));
    writeFileSync(
      map,
      JSON.stringify({
        ...Object.fromEntries(names.map(([name, id]) => [`mixamorig:${name}`, PED_BONE_TAGS[id]!])),
        'mixamorig:LeftHand': 'L ForeArm',
      }),
    );
    const out = join(scratch, 'strict.ifp');
    const strict = gameanim('retarget', source, '--to', model, '--map', map, '-o', out, '--strict');
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(
      /--strict: "WALK_player" limbs \d+\.\d degrees off at the 95th percentile \(limit 5\) \(reference: the rest \(a T-pose\)\); nothing written/,
    );
    expect(existsSync(out)).toBe(false);
    const loose = gameanim('retarget', source, '--to', model, '--map', map, '-o', out, '--json');
    expect(loose.status).toBe(0);
    const document = JSON.parse(loose.stdout);
    expect(document.quality[0].warnings[0]).toMatch(/^limbs \d+\.\d degrees off at the 95th percentile \(limit 5\)$/);
    expect(document.quality[0].limbs.worstAt).toMatch(/^L UpperArm at /);
    expect(document.report).toContain(`warning: "WALK_player": ${document.quality[0].warnings[0]}`);
    expect(existsSync(out)).toBe(true);
  });
});
