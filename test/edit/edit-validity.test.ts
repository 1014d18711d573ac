// Every edit keeps the package one the game loads as meant, or refuses with an EditError and changes
// nothing: names unique as the game compares them, names it can store, trims inside the clip, speeds
// above 0. What reading does not carry into the written file (trailing bytes) is reported.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EditError, EncodeError, IFPEditor, IFPReader, lintIFP, writeIFP, type AnimationData, type TrackData } from '../../src/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

const track = (boneId: number, keys: number): TrackData => ({
  boneName: `bone${boneId}`,
  boneId,
  keyframeType: boneId === 0 ? 'KRT0' : 'KR00',
  compressed: true,
  times: Float32Array.from({ length: keys }, (_, k) => k / 30),
  rotations: Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0)),
  translations: boneId === 0 ? Float32Array.from({ length: 3 * keys }, (_, i) => Math.fround(i / 1024)) : null,
  scales: null,
});
/** A clip of `keys` keys at 30 Hz: it lasts (keys - 1) / 30 s. */
const clip = (name: string, keys = 46): AnimationData => ({ name, bones: [track(0, keys), track(1, keys)] });
const pkg = (...names: string[]) => writeIFP([{ name: 'pkg', animations: names.map((n) => clip(n)) }], { format: 'ANP3' });

/** The EditError code `edit` throws, after checking that it left the file as it was. */
function refusal(bytes: Uint8Array, edit: (editor: IFPEditor) => unknown): string {
  const editor = IFPEditor.read(bytes);
  let caught: unknown;
  try {
    edit(editor);
  } catch (error) {
    caught = error;
  }
  // An EditError, or an EncodeError for a name the file cannot store: either way nothing changed.
  expect(caught).toBeInstanceOf(EncodeError);
  expect(Buffer.from(editor.write()).equals(Buffer.from(bytes))).toBe(true);
  return (caught as EncodeError).code;
}

describe('IFPEditor refuses what the game would not load as meant, and changes nothing', () => {
  const bytes = pkg('walk_player', 'WALK_old', 'idle_stance');

  it('a rename onto a name the file holds in another case: name-taken (the game plays only the first)', () => {
    expect(refusal(bytes, (e) => e.rename('walk_player', 'walk_old'))).toBe('name-taken');
    expect(() => IFPEditor.read(bytes).rename('walk_player', 'walk_old')).toThrow(EditError);
    expect(() => IFPEditor.read(bytes).rename('walk_player', 'walk_old')).toThrow(
      'IFP: the file already holds "WALK_old", and the game ignores case: "walk_old" would be the same name (choose another)',
    );
    // A change of case of the animation itself is a rename to the same animation: allowed.
    expect(new IFPReader(IFPEditor.read(bytes).rename('walk_old', 'walk_OLD').write()).animations.map((a) => a.name)).toEqual([
      'walk_player',
      'walk_OLD',
      'idle_stance',
    ]);
  });

  it('names the file cannot store: empty, over 23 bytes, outside Latin-1, with a NUL', () => {
    for (const name of ['', 'x'.repeat(24), 'walk_\u0101', 'a\u0000b'])
      expect(refusal(bytes, (e) => e.rename('idle_stance', name))).toBe('bad-name');
    expect(refusal(bytes, (e) => e.renamePackage('p'.repeat(24)))).toBe('bad-name');
    // 23 Latin-1 characters are 23 bytes in the file: they fit.
    const longest = '\u00e9'.repeat(23);
    expect(new IFPReader(IFPEditor.read(bytes).rename('idle_stance', longest).write()).getAnimation(longest)).toBeDefined();
  });

  it('append and put: a new name must be new; put replaces the animation the game finds', () => {
    expect(refusal(bytes, (e) => e.append(clip('Idle_Stance')))).toBe('name-taken');
    const editor = IFPEditor.read(bytes);
    expect(editor.put(clip('IDLE_STANCE', 10))).toBe(true);
    expect(new IFPReader(editor.write()).animations.map((a) => [a.name, a.bones[0]!.frameCount])).toEqual([
      ['walk_player', 46],
      ['WALK_old', 46],
      ['IDLE_STANCE', 10],
    ]);
    expect(refusal(bytes, (e) => e.put(clip('a\u0101')))).toBe('bad-name');
  });

  it('trims inside the clip only: 0:5 and 3:5 of a 1.5 s clip are refused, 0:1.5 and 0.5:1 are kept', () => {
    expect(refusal(bytes, (e) => e.trim('idle_stance', 0, 5))).toBe('outside-clip');
    expect(refusal(bytes, (e) => e.trim('idle_stance', 3, 5))).toBe('outside-clip');
    expect(refusal(bytes, (e) => e.trim('idle_stance', 1, 1))).toBe('outside-clip');
    expect(() => IFPEditor.read(bytes).trim('idle_stance', 0, 5)).toThrow(
      'IFP: trim: "idle_stance" lasts 1.5 s; 0:5 must satisfy 0 <= start < end <= 1.5',
    );
    const whole = new IFPReader(IFPEditor.read(bytes).trim('idle_stance', 0, 1.5).write()).getAnimation('idle_stance')!;
    expect(whole.duration).toBeCloseTo(1.5, 6);
    const middle = new IFPReader(IFPEditor.read(bytes).trim('idle_stance', 0.5, 1).write()).getAnimation('idle_stance')!;
    expect(middle.duration).toBeCloseTo(0.5, 6);
  });

  it('speeds: a positive finite factor whose times a float still holds', () => {
    for (const factor of [0, -1, Number.NaN, Infinity]) expect(refusal(bytes, (e) => e.speed('idle_stance', factor))).toBe('bad-factor');
    expect(refusal(bytes, (e) => e.speed('idle_stance', 1e-40))).toBe('bad-factor');
    expect(refusal(bytes, (e) => e.speed('nope', 2))).toBe('no-such-animation');
  });

  it('random edit sequences, refused or not: every written file re-reads with the model names and lints with 0 errors', () => {
    const name = fc.constantFrom('walk', 'WALK', 'run', 'Run_Player', 'idle', 'x'.repeat(23), 'y'.repeat(24), 'caf\u00e9', 'k\u0101', '');
    const op = fc.oneof(
      fc.record({ op: fc.constant('rename' as const), at: fc.nat(), to: name }),
      fc.record({ op: fc.constant('append' as const), to: name }),
      fc.record({ op: fc.constant('put' as const), to: name }),
      fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ op: fc.constant('speed' as const), at: fc.nat(), factor: fc.constantFrom(0, -2, 0.5, 2, 1e-40) }),
      fc.record({
        op: fc.constant('trim' as const),
        at: fc.nat(),
        start: fc.constantFrom(0, 0.5, 1.4, 3),
        end: fc.constantFrom(0.2, 1, 1.5, 5),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 10 }), (ops) => {
        let bytes = pkg('walk', 'run', 'idle');
        for (const step of ops) {
          const editor = IFPEditor.read(bytes);
          const names = editor.animations.map((a) => a.name);
          const target = names.length ? names[('at' in step ? step.at : 0) % names.length]! : 'none';
          try {
            if (step.op === 'rename') editor.rename(target, step.to);
            else if (step.op === 'append') editor.append(clip(step.to));
            else if (step.op === 'put') editor.put(clip(step.to));
            else if (step.op === 'delete') editor.delete(target);
            else if (step.op === 'speed') editor.speed(target, step.factor);
            else editor.trim(target, step.start, step.end);
          } catch (error) {
            expect(error).toBeInstanceOf(EncodeError);
            // A refused edit leaves the editor as it was.
            expect(Buffer.from(editor.write()).equals(Buffer.from(bytes))).toBe(true);
            continue;
          }
          bytes = editor.write();
          const errors = lintIFP(bytes).filter((f) => f.severity === 'error');
          expect(errors).toEqual([]);
          expect(new IFPReader(bytes).animations.map((a) => a.name)).toEqual(editor.animations.map((a) => a.name));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('what reading does not carry into the written file is reported', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  it('the 1.39 MB of stale bytes after the ped package of rwparserng_ped_anp3.ifp', () => {
    const editor = IFPEditor.read(sample('rwparserng_ped_anp3.ifp'));
    expect(editor.droppedBytes).toBe(1_433_248 - 42_642);
    expect(editor.warnings.map((w) => w.code)).toContain('trailing-bytes');
    expect(IFPEditor.read(sample('sa_python_anp3.ifp')).droppedBytes).toBe(0);
  });
});

describe('gameanim edit refuses in one line and writes nothing', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { encoding: 'utf8' });
  const dir = mkdtempSync(join(tmpdir(), 'gameanim-edit-validity-'));
  const input = join(dir, 'ped.ifp');
  writeFileSync(input, pkg('walk_player', 'WALK_old', 'idle_stance'));

  it('--rename onto a name in another case, and --trim past the end: exit 1, the reason, no output', () => {
    const out = join(dir, 'renamed.ifp');
    const renamed = cli('edit', input, '--rename', 'walk_player=walk_old', '-o', out);
    expect(renamed.status).toBe(1);
    expect(renamed.stderr.trim().split('\n')).toEqual([
      `gameanim: ${input}: nothing written: IFP: the file already holds "WALK_old", and the game ignores case: "walk_old" would be the same name (choose another)`,
    ]);
    expect(existsSync(out)).toBe(false);
    const trimmed = cli('edit', input, '--trim', 'idle_stance=0:5', '-o', out);
    expect(trimmed.status).toBe(1);
    expect(trimmed.stderr).toContain('"idle_stance" lasts 1.5 s');
    expect(existsSync(out)).toBe(false);
  });

  it('a --merge file that is not an IFP is named in the error, not the file being edited', () => {
    const bad = join(dir, 'bad.ifp');
    writeFileSync(bad, 'not an ifp at all');
    const merged = cli('edit', input, '--merge', bad, '-o', join(dir, 'merged.ifp'));
    expect(merged.status).toBe(1);
    expect(merged.stderr.startsWith(`gameanim: ${bad}: IFP: not an IFP file`)).toBe(true);
  });

  it.runIf(samplesPresent)('trailing bytes that are not written are said', () => {
    const out = join(dir, 'ped-renamed.ifp');
    const run = cli('edit', join(root, '../shared/samples/rwparserng_ped_anp3.ifp'), '--package', 'ped2', '-o', out);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('the 1390606 bytes after the last package were not written');
  });
});
