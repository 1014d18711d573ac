// gameanim lint from the command line: filters, the per-code summary, archives, --skeleton, --rules.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LINT_RULE_TABLE, writeIFP, writeIMG, type TrackData } from '../../src/index.js';
import { samplesDir, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-lint-'));

const track = (over: Partial<TrackData> = {}): TrackData => ({
  boneName: 'Pelvis',
  boneId: 1,
  keyframeType: 'KR00',
  compressed: true,
  times: Float32Array.of(0, 1 / 30, 2 / 30),
  rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1),
  translations: null,
  scales: null,
  ...over,
});
const FLIP = Float32Array.of(0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, -1);
// Two hemisphere flips (notes), a duplicate track (warning), a time going back (error).
const bytes = writeIFP(
  [
    {
      name: 'mine',
      animations: [
        { name: 'a', bones: [track({ rotations: FLIP }), track({ boneName: 'Pelvis2' })] },
        { name: 'b', bones: [track({ rotations: FLIP, times: Float32Array.of(0, 2 / 30, 1 / 30) })] },
      ],
    },
  ],
  { format: 'ANP3' },
);
const file = join(scratch, 'mine.ifp');
writeFileSync(file, bytes);

describe('gameanim lint', () => {
  it('prints each finding, then a count per code and the totals; exit 1 on an error', () => {
    const run = gameanim('lint', file);
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.slice(-4)).toEqual([
      'time-goes-back: 1 error',
      'duplicate-track: 1 warning',
      'hemisphere-flip: 2 notes',
      '4 findings in 1 file: 1 error, 1 warning, 2 notes',
    ]);
    expect(lines.filter((line) => line.startsWith(`${file}:`))).toHaveLength(4);
  });

  it('--severity keeps that level and above; --ignore leaves codes out, and decides the exit code', () => {
    expect(gameanim('lint', file, '--severity', 'warning').stdout.trim().split('\n').slice(-1)).toEqual([
      '2 findings in 1 file: 1 error, 1 warning, 0 notes',
    ]);
    const ignored = gameanim('lint', file, '--ignore', 'time-goes-back', '--ignore', 'hemisphere-flip');
    expect(ignored.status).toBe(0);
    expect(ignored.stdout.trim().split('\n').slice(-2)).toEqual([
      'duplicate-track: 1 warning',
      '1 finding in 1 file: 0 errors, 1 warning, 0 notes',
    ]);
    expect(gameanim('lint', file, '--severity', 'bad').status).toBe(2);
    expect(gameanim('lint', file, '--ignore', 'no-such-code').stderr).toContain('--ignore takes a rule code');
  });

  it('--json has the findings, the summary, and the files it could not read', () => {
    const run = gameanim('lint', file, join(scratch, 'missing.ifp'), '--json');
    expect(run.status).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document.summary).toEqual({
      errors: 1,
      warnings: 1,
      notes: 2,
      codes: [
        { code: 'time-goes-back', severity: 'error', count: 1 },
        { code: 'duplicate-track', severity: 'warning', count: 1 },
        { code: 'hemisphere-flip', severity: 'note', count: 2 },
      ],
    });
    expect(document.files).toMatchObject([{ file, entry: null }]);
    expect(document.errors).toEqual([`${join(scratch, 'missing.ifp')}: no such file`]);
  });

  it('lints every .ifp entry of an IMG archive under its entry name, which must be the package name', () => {
    const img = join(scratch, 'anim.img');
    writeFileSync(
      img,
      writeIMG([
        { name: 'mine.ifp', data: bytes },
        { name: 'other.ifp', data: bytes },
        { name: 'notes.txt', data: new Uint8Array(4) },
      ]),
    );
    const run = gameanim('lint', img, '--json');
    const document = JSON.parse(run.stdout);
    expect(document.files.map((f: { entry: string }) => f.entry)).toEqual(['mine.ifp', 'other.ifp']);
    const mismatch = document.files.map(
      (f: { findings: Array<{ code: string }> }) => f.findings.filter((x) => x.code === 'package-name-mismatch').length,
    );
    expect(mismatch).toEqual([0, 1]);
    expect(gameanim('lint', img).stdout).toContain(`${img}/other.ifp:8: error package-name-mismatch`);
  });

  it('an entry that holds an IFP under a name without .ifp is linted and reported, never passed over', () => {
    const img = join(scratch, 'renamed.img');
    writeFileSync(
      img,
      writeIMG([
        { name: 'mine.ifp', data: bytes },
        { name: 'mine.bak', data: bytes },
        { name: 'notes.txt', data: new Uint8Array(4) },
      ]),
    );
    const document = JSON.parse(gameanim('lint', img, '--json').stdout);
    expect(document.files.map((f: { entry: string; nameLacksIfp?: boolean }) => [f.entry, f.nameLacksIfp ?? false])).toEqual([
      ['mine.ifp', false],
      ['mine.bak', true],
    ]);
    expect(gameanim('lint', img).stdout).toContain(
      `${img}/mine.bak: warning: holds an IFP (ANP3) but its name lacks .ifp, which the game registers animation blocks by: it never loads it; linted anyway\n`,
    );
  });

  it('--rules prints every rule from the code, with --json too', () => {
    const rules = JSON.parse(gameanim('lint', '--rules', '--json').stdout).rules as Array<{ code: string; severity: string }>;
    expect(rules.map((r) => r.code)).toEqual(Object.keys(LINT_RULE_TABLE));
    expect(gameanim('lint', '--rules').stdout).toContain('unbound-tracks');
  });
});

describe('gameanim lint --skeleton', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  it('names, per animation, the tracks that bind to no bone of the model; refuses an IGI 2 model', () => {
    const head = writeIFP(
      [{ name: 'p', animations: [{ name: 'a', bones: [track({ boneName: 'Pelvis' }), track({ boneName: 'Tail', boneId: 99 })] }] }],
      { format: 'ANP3' },
    );
    const path = join(scratch, 'tail.ifp');
    writeFileSync(path, head);
    const run = gameanim('lint', path, '--skeleton', join(samplesDir, 'dff/sa_skin_plain.dff'), '--severity', 'note', '--json');
    const findings = JSON.parse(run.stdout).files[0].findings as Array<{ code: string }>;
    expect(findings.filter((f) => f.code === 'unbound-tracks')).toMatchObject([
      { code: 'unbound-tracks', severity: 'note', animation: 'a', message: '1 of 2 tracks drive no bone of the skeleton: "Tail"' },
    ]);
    const igi = gameanim('lint', path, '--skeleton', join(samplesDir, 'igi2/005_01_1.mef'));
    expect(igi.status).toBe(1);
    expect(igi.stderr).toContain('an IGI 2 model: IFP animations never play on it');
  });
});
