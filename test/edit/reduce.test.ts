// Key reduction (IFPEditor.reduce, edit --reduce): the keys it drops, the error it leaves measured
// independently (test/helpers/shell-reference.ts) on the file it writes, and work that stays linear.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createSkeleton,
  DFFReader,
  EditError,
  IFPEditor,
  IFPReader,
  MAX_SPAN,
  type AnimationData,
  type Skeleton,
  type TrackData,
} from '../../src/index.js';
import { sample, samplesDir, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { worstShellError } from '../helpers/shell-reference.js';
import { describeWith } from '../helpers/needs.js';

const TOL = 0.05;
const tick = (k: number) => Math.fround(k / 60);

/** A root and an arm half a metre above it, as HAnim ids 0 and 1. */
const rig: Skeleton = createSkeleton({ names: ['root', 'arm'], parents: [-1, 0], ids: [0, 1], restTranslations: [0, 0, 0, 0, 0.5, 0] });

/**
 * One key per tick. The root moves along straight lines, 8/1024 m a tick (exact in int16 frames),
 * turning at the corner ticks; the arm turns about z at a steady rate, reversing at the corners. So
 * every key but the corners lies on the segment between its corners.
 */
function cornered(keys: number, corners: readonly number[]): AnimationData {
  const directions: Array<[number, number, number]> = [
    [1, 0, 0],
    [0, 1, 0],
    [-1, 0, 0],
    [0, -1, 0],
  ];
  const position = [0, 0, 0];
  const translations: number[] = [];
  const rotations: number[] = [];
  let leg = 0,
    angle = 0,
    turn = 1;
  for (let k = 0; k < keys; k++) {
    if (k > 0) {
      if (corners.includes(k - 1) && k - 1 > 0) (leg = (leg + 1) % 4), (turn = -turn);
      for (let c = 0; c < 3; c++) position[c]! += (8 / 1024) * directions[leg]![c]!;
      angle += turn * ((3 * Math.PI) / 180);
    }
    translations.push(...position);
    rotations.push(0, 0, Math.sin(angle / 2), Math.cos(angle / 2));
  }
  const times = Float32Array.from({ length: keys }, (_, k) => tick(k));
  const track = (boneId: number, translated: boolean): TrackData => ({
    boneName: boneId ? 'arm' : 'root',
    boneId,
    keyframeType: translated ? 'KRT0' : 'KR00',
    compressed: true,
    times,
    rotations: translated ? Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0)) : Float32Array.from(rotations),
    translations: translated ? Float32Array.from(translations) : null,
    scales: null,
  });
  return { name: 'cornered', bones: [track(0, true), track(1, false)] };
}

const editorOf = (...animations: AnimationData[]) => new IFPEditor([{ name: 'test', format: 'ANP3', animations }]);
const ticksOf = (track: { times: Float32Array }) => Array.from(track.times, (t) => Math.round(t * 60));

describe('IFPEditor.reduce', () => {
  it('(a) a clip of straight segments: exactly the keys inside the segments go, the corners stay, in model and in local space', () => {
    for (const skeleton of [rig, undefined]) {
      const editor = editorOf(cornered(31, [0, 10, 20, 30]));
      const reduction = editor.reduce(TOL, { skeleton });
      const reduced = new IFPReader(editor.write()).animations[0]!;
      for (const track of reduced.bones) expect(ticksOf(track), `${track.boneName}, ${reduction.space} space`).toEqual([0, 10, 20, 30]);
      expect(reduction).toMatchObject({ keysBefore: 62, keysAfter: 8, bytesSaved: 27 * 16 + 27 * 10, space: skeleton ? 'model' : 'local' });
      expect(reduction.worst!.error).toBeLessThanOrEqual(TOL);
    }
  });

  it('(b) what the written file plays, measured independently at every key time and midpoint, stays within the tolerance', () => {
    const original = cornered(61, [0, 7, 19, 33, 41, 60]);
    // Curves, not segments, on the arm: only some keys can go.
    const arm = original.bones[1]!;
    for (let k = 0; k < 61; k++)
      arm.rotations.set([0, Math.fround(0.2 * Math.sin(k / 9)), Math.fround(0.3 * Math.sin(k / 5)), 0.95], 4 * k);
    const before = new IFPReader(editorOf(original).write()).animations[0]!;
    for (const skeleton of [rig, undefined]) {
      const editor = editorOf(original);
      const reduction = editor.reduce(TOL, { skeleton });
      const after = new IFPReader(editor.write()).animations[0]!;
      expect(after.keyframeCount).toBeLessThan(before.keyframeCount);
      const measured = worstShellError(before, after, skeleton);
      expect(measured.error).toBeLessThanOrEqual(TOL);
      // The reported worst is the same error, measured the library's way.
      expect(measured.error).toBeCloseTo(reduction.worst!.error, 4);
    }
  });

  it('keeps first and last keys, steps (keys sharing a time) and the stored bytes of an animation it leaves alone', () => {
    const step = cornered(5, [0, 4]);
    for (const track of step.bones) track.times.set([0, tick(1), tick(1), tick(2), tick(3)]);
    const editor = editorOf(step);
    editor.reduce(TOL);
    expect(editor.animations[0]!.bones.map(ticksOf)).toEqual([
      [0, 1, 1, 3],
      [0, 1, 1, 3],
    ]);
    const real = editorOf({ ...cornered(2, [0, 1]), stored: { format: 'ANP3', bytes: new Uint8Array(4) } });
    expect(real.reduce(TOL).keysAfter).toBe(4);
    expect(real.animations[0]!.stored).toBeDefined();
  });

  it('refuses a tolerance that is no number of centimetres', () => {
    for (const tolerance of [-1, Number.NaN, Infinity]) expect(() => editorOf(cornered(3, [0, 2])).reduce(tolerance)).toThrow(EditError);
  });

  it('does work linear in the clip length, long smooth and long straight clips alike (counted, not timed)', () => {
    const perKey = (keys: number) => {
      const smooth = cornered(keys, [0, keys - 1]);
      const arm = smooth.bones[1]!;
      for (let k = 0; k < keys; k++) arm.rotations.set([0, 0, Math.fround(0.4 * Math.sin(k / 11)), Math.fround(0.9)], 4 * k);
      const straight = cornered(keys, [0, keys - 1]);
      const reduction = editorOf(smooth, straight).reduce(TOL, { skeleton: rig });
      expect(reduction.keysAfter).toBeLessThan(reduction.keysBefore / 3);
      return reduction.work / reduction.keysBefore;
    };
    const short = perKey(600),
      long = perKey(2400);
    expect(long).toBeLessThan(short * 1.25);
    // A bound that holds whatever the clip: three checks a key, each at most MAX_SPAN times the two bones, plus two passes over every time.
    expect(long).toBeLessThan(3 * MAX_SPAN * 2 + 2 * 2 * 2);
  });
});

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });

describeWith([SAMPLES], `(c) the real SA ped.ifp ${samplesPresent ? '' : SAMPLES_SKIP_MESSAGE}`, () => {
  const skeleton = samplesPresent ? new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton! : undefined;

  it('reduced within 0.05 cm on the ped skeleton: keys and bytes saved, every animation within tolerance measured independently', () => {
    const bytes = sample('rwparserng_ped_anp3.ifp');
    const editor = IFPEditor.read(bytes);
    const reduction = editor.reduce(TOL, { skeleton });
    const before = new IFPReader(bytes),
      after = new IFPReader(editor.write());
    console.log(
      `ped.ifp reduced within ${TOL} cm: keys ${reduction.keysBefore} -> ${reduction.keysAfter}, ${reduction.bytesSaved} bytes saved, worst ${reduction.worst!.error.toFixed(4)} cm (${reduction.worst!.bone} in ${reduction.worst!.animation} at ${reduction.worst!.time.toFixed(3)} s)`,
    );
    expect(reduction.keysAfter).toBeLessThan(reduction.keysBefore * 0.9);
    expect(reduction.bytesSaved).toBeGreaterThan(5000);
    expect(reduction.worst!.error).toBeLessThanOrEqual(TOL);
    for (const animation of before.animations) {
      const measured = worstShellError(animation, after.getAnimation(animation.name)!, skeleton);
      expect(measured.error, animation.name).toBeLessThanOrEqual(TOL);
    }
  });

  it('edit --reduce prints the savings and the worst error, and --json carries them', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gameanim-reduce-')), 'ped.ifp');
    const text = gameanim(
      'edit',
      join(samplesDir, 'rwparserng_ped_anp3.ifp'),
      '--reduce',
      '0.05',
      '--skeleton',
      join(samplesDir, 'dff/sa_skin_plain.dff'),
      '-o',
      out,
    );
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /reduced within 0\.05 cm of shell error .*model space.*: keys 3348 -> \d+ \([\d.]+% fewer\), \d+ bytes saved/,
    );
    expect(text.stdout).toMatch(/worst 0\.0\d+ cm: bone .+ in .+ at [\d.]+ s/);
    const json = gameanim('edit', join(samplesDir, 'rwparserng_ped_anp3.ifp'), '--reduce', '0.05', '-o', out, '--force', '--json');
    const [reduction] = JSON.parse(json.stdout).reductions;
    expect(reduction).toMatchObject({ tolerance: 0.05, shellDistance: 3, space: 'local', keysBefore: 3348 });
    expect(new IFPReader(new Uint8Array(readFileSync(out))).keyframeCount).toBe(reduction.keysAfter);
    expect(
      gameanim(
        'edit',
        join(samplesDir, 'rwparserng_ped_anp3.ifp'),
        '--skeleton',
        join(samplesDir, 'dff/sa_skin_plain.dff'),
        '-o',
        out,
        '--force',
      ).status,
    ).toBe(2);
    // Measured as written: what the format cannot hold (III's scale keys in ANP3) is one line, not a crash.
    const refused = gameanim(
      'edit',
      join(samplesDir, 'iii_pcanims_ped_anpk.ifp'),
      '--reduce',
      '0.05',
      '--format',
      'ANP3',
      '-o',
      out,
      '--force',
    );
    expect([refused.status, refused.stderr.trim()]).toEqual([
      1,
      expect.stringMatching(/nothing written: IFP: .*cannot store scale \(KRTS\)/),
    ]);
  });
});
