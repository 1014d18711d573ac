// Every command that prints results takes many files where it reads animations, and --json with the
// README's schema (README "JSON output"): the documents are checked field by field against the
// library's own readings of the same files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bindClip, DFFReader, IFPReader, IMGArchive } from '../../src/index.js';
import { fixture } from '../helpers/files.js';
import { imgWithRawNames } from '../helpers/img.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/dist/src/cli/main.js');

function gameanim(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
/** The command's stdout as one JSON document (it must be exactly one). */
function json(...args: string[]) {
  const run = gameanim(...args, '--json');
  return { code: run.code, stderr: run.stderr, document: JSON.parse(run.stdout) };
}

const scratch = mkdtempSync(join(tmpdir(), 'gameanim-json-'));
const archivePath = join(scratch, 'anim.img');
writeFileSync(
  archivePath,
  imgWithRawNames([
    { name: 'walk.ifp', data: fixture('anp3-all-types.ifp') },
    { name: 'note\u009btxt', data: new TextEncoder().encode('not an animation') },
  ]),
);
const IFP_A = 'fixtures/anp3-all-types.ifp';
const IFP_B = 'fixtures/anpk-gta3.ifp';
const MODEL = 'fixtures/dff-ped-5bone.dff';

describe('many files and --json', () => {
  it('info FILE... --json: one record per file, an archive entry by entry, and a broken file as its error', () => {
    const broken = join(scratch, 'broken.ifp');
    writeFileSync(broken, fixture('anp3-all-types.ifp').subarray(0, 30));
    const { code, document } = json('info', IFP_A, MODEL, archivePath, broken);
    expect(code).toBe(1); // the broken file
    const [ifp, dff, img, bad] = document.files;
    expect(ifp).toEqual({
      file: IFP_A,
      format: 'IFP',
      summary: 'IFP ANP3 "fixture": 2 animations, 5 tracks, 16 keyframes',
      note: 'simd',
      warnings: [],
    });
    expect(dff).toMatchObject({ file: MODEL, format: 'DFF', note: null, warnings: [] });
    expect(img).toMatchObject({
      file: archivePath,
      format: 'IMG',
      version: 'VER2',
      entryCount: 2,
      total: { animations: 2, tracks: 5, keyframes: 16, other: 1 },
    });
    expect(img.entries).toEqual([{ name: 'walk.ifp', format: 'IFP', summary: ifp.summary, warnings: [] }]);
    expect(bad.file).toBe(broken);
    expect(bad.error).toMatch(/ANP3 package header needs 36 bytes/);
  });

  it('list FILE... (text: one table per file; --json: every animation with its file and entry)', () => {
    const text = gameanim('list', IFP_A, IFP_B);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').filter((line) => line.endsWith(':'))).toEqual([`${IFP_A}:`, `${IFP_B}:`]);
    const { document } = json('list', IFP_A, archivePath);
    const reader = new IFPReader(fixture('anp3-all-types.ifp'));
    const expected = reader.animations.map((a) => ({
      name: a.name,
      tracks: a.bones.length,
      keys: a.keyframeCount,
      duration: Math.fround(a.duration),
    }));
    expect(document.animations).toEqual([
      ...expected.map((a) => ({ file: IFP_A, entry: null, ...a })),
      ...expected.map((a) => ({ file: archivePath, entry: 'walk.ifp', ...a })),
    ]);
    expect(document.warnings).toEqual([]);
  });

  it('dump FILE... --json: the document for one file, an array of them for several', () => {
    const one = json('dump', IFP_A).document;
    expect(one).toMatchObject({ file: IFP_A, format: 'IFP' });
    const many = json('dump', IFP_A, IFP_B).document;
    expect(many).toHaveLength(2);
    expect(many[0]).toEqual(one);
    expect(many[1]).toMatchObject({ file: IFP_B, format: 'IFP' });
    const text = gameanim('dump', IFP_A, IFP_B).stdout.split('\n');
    expect(text[0]).toBe(`${IFP_A}:`);
    expect(text).toContain(`${IFP_B}:`);
  });

  it('bind MODEL FILE... --json: per file, per animation, the bones matched and left at rest', () => {
    const { code, document } = json('bind', MODEL, IFP_A, 'fixtures/anp2-basic.ifp');
    expect(code).toBe(0);
    const skeleton = new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!;
    const expectedFile = (name: string) =>
      new IFPReader(fixture(name)).animations.map((clip) => {
        const bound = bindClip(clip, skeleton);
        return {
          name: clip.name,
          matched: skeleton.boneCount - bound.restBones.length,
          unmatchedTracks: bound.unmatchedTracks,
          restBones: bound.restBones.map((b) => skeleton.names[b]),
          refused: null,
        };
      });
    expect(document).toEqual({
      model: MODEL,
      boneCount: skeleton.boneCount,
      files: [
        { file: IFP_A, animations: expectedFile('anp3-all-types.ifp') },
        { file: 'fixtures/anp2-basic.ifp', animations: expectedFile('anp2-basic.ifp') },
      ],
    });
    // --skeleton takes the files first, as many as given.
    expect(json('bind', IFP_A, IFP_B, '--skeleton', MODEL).document.files.map((f: { file: string }) => f.file)).toEqual([IFP_A, IFP_B]);
  });

  it('img ls and img extract --json; names with control characters stay valid JSON, escaped', () => {
    const ls = json('img', 'ls', archivePath).document;
    const archive = new IMGArchive(
      new Uint8Array(
        imgWithRawNames([
          { name: 'walk.ifp', data: fixture('anp3-all-types.ifp') },
          { name: 'note\u009btxt', data: new Uint8Array(16) },
        ]),
      ),
    );
    expect(ls).toEqual({
      file: archivePath,
      version: 'VER2',
      note: null,
      warnings: [],
      entries: archive.entries.map(({ name, offset, size }) => ({ name, offset, size })),
    });
    expect(gameanim('img', 'ls', archivePath, '--json').stdout).toContain('\\u009b');
    const out = join(scratch, 'extracted');
    const extract = json('img', 'extract', archivePath, '-o', out).document;
    expect(extract.written.map((w: { entry: string }) => w.entry)).toEqual(['walk.ifp', 'note\u009btxt']);
    expect(extract.renamed).toEqual([{ from: 'note\u009btxt', to: 'notetxt' }]); // no control character in a file name
    for (const { path } of extract.written) expect(existsSync(path)).toBe(true);
  });

  it('export and import --json: what was written, and what changed', () => {
    const glb = join(scratch, 'walk.glb');
    const exported = json('export', MODEL, IFP_A, '-o', glb);
    expect(exported.code).toBe(0);
    expect(exported.document).toMatchObject({ written: [glb], animations: ['WEAPON_start_throw', 'Odd_Times'], bones: 5, meshes: 1 });
    const ifp = join(scratch, 'back.ifp');
    const imported = json('import', glb, '--skeleton', MODEL, '-o', ifp);
    expect(imported.code).toBe(0);
    expect(imported.document).toMatchObject({
      written: [ifp],
      format: 'ANP3',
      packages: [{ name: 'back', animations: [{ name: 'WEAPON_start_throw' }, { name: 'Odd_Times' }] }],
    });
    const batch = json('export', MODEL, IFP_A, IFP_B, '-o', `${join(scratch, 'all')}/`, '--jobs', '1');
    expect(batch.code).toBe(0);
    // The count written: III's run_civi (Swaist, Shead) drives no bone of the SA ped, so none is written.
    expect(batch.document.written.map((w: { animations: number }) => w.animations)).toEqual([2, 0]);
  });

  it('bench --quick --json: the measured rows; quick rows under 1 ms are labelled, targets not judged', () => {
    const corpus = join(scratch, 'corpus');
    const { code, document } = json('bench', '--quick', '--corpus', corpus);
    expect(code).toBe(0);
    expect(document.quick).toBe(true);
    expect(document.rows.map((row: { name: string }) => row.name)).toContain('simd');
    for (const row of document.rows) expect(row.p50).toBeGreaterThan(0);
    const small = document.rows.filter((row: { p50: number }) => row.p50 < 1);
    for (const row of small) expect(document.markdown).toContain(`| ${row.name} (too small to mean anything) |`);
    expect(document.markdown).toContain('not judged (quick run)');
    expect(document.markdown).not.toMatch(/\| (yes|\*\*no\*\*) \|/);
  });
});
