// gameanim img create, and NAME=FILE in img create and img add: the archive written byte for byte as
// the library lays it out (test/edit/img-create.test.ts checks that layout), read back by our reader,
// under the write rule; every refusal is one line naming the entry or file, with nothing written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMGArchive, IMGEditor } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });
const read = (path: string) => new Uint8Array(readFileSync(path));
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

let scratch: string;
let walk: string;
let run: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'gameanim-img-create-'));
  walk = join(scratch, 'walk.ifp');
  run = join(scratch, 'run_v2.ifp');
  writeFileSync(walk, fixture('anp2-basic.ifp'));
  writeFileSync(run, fixture('anpk-all-keys.ifp'));
});

/** The archive the library builds of these entries: what the command must have written, byte for byte. */
const expected = (version: 'VER2' | 'v1', entries: Array<[string, string]>) => {
  const editor = IMGEditor.create(version);
  for (const [name, file] of entries) editor.add(name, read(file));
  return editor.write();
};

describe('gameanim img create', () => {
  it('VER2: the files in the order given, NAME=FILE naming one; the bytes the library lays out; read back by img ls', () => {
    const out = join(scratch, 'new.img');
    const made = gameanim('img', 'create', out, walk, `run.ifp=${run}`);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout.split('\n')).toEqual([
      'added walk.ifp (408 bytes)',
      `added run.ifp from ${run} (716 bytes)`,
      `${out}: SA VER2, 2 entries, 6144 bytes`,
      '',
    ]);
    expect(
      same(
        read(out),
        expected('VER2', [
          ['walk.ifp', walk],
          ['run.ifp', run],
        ]).img,
      ),
    ).toBe(true);
    const archive = new IMGArchive(read(out));
    expect(archive.entries).toEqual([
      { name: 'walk.ifp', offset: 2048, size: 2048 },
      { name: 'run.ifp', offset: 4096, size: 2048 },
    ]);
    expect(same(archive.get('RUN.IFP')!.subarray(0, 716), read(run))).toBe(true);
    const ls = JSON.parse(gameanim('img', 'ls', out, '--json').stdout);
    expect([ls.version, ls.warnings, ls.entries.map((e: { name: string }) => e.name)]).toEqual(['VER2', [], ['walk.ifp', 'run.ifp']]);
  });

  it('v1 from OUT.dir, or from OUT.img with --format v1: the .dir and the .img, each in its own case of extension', () => {
    const byDir = join(scratch, 'cuts.dir');
    const json = gameanim('img', 'create', byDir, walk, `RUN.IFP=${run}`, '--json');
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      written: [byDir, join(scratch, 'cuts.img')],
      bytes: [64, 4096],
      version: 'v1',
      entries: [
        { name: 'walk.ifp', file: walk, bytes: 408, offset: 0, size: 2048 },
        { name: 'RUN.IFP', file: run, bytes: 716, offset: 2048, size: 2048 },
      ],
    });
    const want = expected('v1', [
      ['walk.ifp', walk],
      ['RUN.IFP', run],
    ]);
    expect([same(read(byDir), want.dir!), same(read(join(scratch, 'cuts.img')), want.img)]).toEqual([true, true]);
    const byImg = gameanim('img', 'create', join(scratch, 'ANIM.IMG'), walk, '--format', 'v1');
    expect(byImg.stdout).toContain(`${join(scratch, 'ANIM.DIR')} + ${join(scratch, 'ANIM.IMG')}: III/VC v1, 1 entry, 32 + 2048 bytes`);
    const archive = IMGArchive.fromDir(read(join(scratch, 'ANIM.DIR')), read(join(scratch, 'ANIM.IMG')));
    expect([archive.version, archive.warnings, archive.entries]).toEqual(['v1', [], [{ name: 'walk.ifp', offset: 0, size: 2048 }]]);
    expect(JSON.parse(gameanim('img', 'ls', join(scratch, 'ANIM.DIR'), '--json').stdout).entries).toEqual([
      { name: 'walk.ifp', offset: 0, size: 2048 },
    ]);
  });

  it('no files: a valid empty archive (VER2: one 2048-byte sector; v1: two empty files), which img add then takes', () => {
    const empty = join(scratch, 'empty.img');
    expect(gameanim('img', 'create', empty).stdout).toBe(`${empty}: SA VER2, 0 entries, 2048 bytes\n`);
    expect(same(read(empty), IMGEditor.create('VER2').write().img)).toBe(true);
    const dir = join(scratch, 'void.dir');
    expect(gameanim('img', 'create', dir).stdout).toBe(`${dir} + ${join(scratch, 'void.img')}: III/VC v1, 0 entries, 0 + 0 bytes\n`);
    expect([read(dir).length, read(join(scratch, 'void.img')).length]).toEqual([0, 0]);
    for (const archive of [empty, dir]) expect(gameanim('img', 'add', archive, walk, '--in-place').status).toBe(0);
    expect(new IMGArchive(read(empty)).entries).toEqual([{ name: 'walk.ifp', offset: 2048, size: 2048 }]);
    expect(IMGArchive.fromDir(read(dir), read(join(scratch, 'void.img'))).entries).toEqual([{ name: 'walk.ifp', offset: 0, size: 2048 }]);
  });

  it('an existing file is replaced only with --force; for v1 either file of the pair refuses both', () => {
    const out = join(scratch, 'new.img');
    writeFileSync(out, 'mine');
    const refused = gameanim('img', 'create', out, walk);
    expect([refused.status, refused.stderr]).toEqual([
      1,
      `gameanim: ${out}: already exists; nothing written (add --force to replace it)\n`,
    ]);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    expect(gameanim('img', 'create', out, walk, '--force').status).toBe(0);
    expect(new IMGArchive(read(out)).entries.map((e) => e.name)).toEqual(['walk.ifp']);
    // Only the .img of the pair exists: neither file is written.
    const dir = join(scratch, 'pair.dir');
    writeFileSync(join(scratch, 'pair.img'), 'mine');
    expect(gameanim('img', 'create', dir, walk).stderr).toContain(`${join(scratch, 'pair.img')}: already exists; nothing written`);
    expect([existsSync(dir), readFileSync(join(scratch, 'pair.img'), 'utf8')]).toEqual([false, 'mine']);
    // Only the .dir exists: the .img is not written either.
    const dirOnly = join(scratch, 'other.dir');
    writeFileSync(dirOnly, 'mine');
    expect(gameanim('img', 'create', dirOnly, walk).stderr).toContain(`${dirOnly}: already exists; nothing written`);
    expect([existsSync(join(scratch, 'other.img')), readFileSync(dirOnly, 'utf8')]).toEqual([false, 'mine']);
    expect(gameanim('img', 'create', dir, walk, '--force').status).toBe(0);
    expect(IMGArchive.fromDir(read(dir), read(join(scratch, 'pair.img'))).entries.map((e) => e.name)).toEqual(['walk.ifp']);
    // Never over one of its own inputs, --force or not.
    expect(gameanim('img', 'create', walk, walk, '--force').stderr).toContain(`${walk}: is one of this command's inputs`);
    expect(same(read(walk), fixture('anp2-basic.ifp'))).toBe(true);
  });

  it('refusals: one line naming the entry or file (exit 1), or the usage (exit 2); nothing written', () => {
    const out = join(scratch, 'x.img');
    const cases: Array<[string[], number, string]> = [
      [[`${'a'.repeat(24)}=${walk}`], 1, `IMG: entry name "${'a'.repeat(24)}" has 24 characters; the directory holds 23`],
      [
        [`walk.IFP=${run}`, walk],
        1,
        'IMG: the archive already has an entry named "walk.IFP", and the games ignore case: "walk.ifp" is the same name',
      ],
      [[`bad\u0001name=${walk}`], 1, 'entry name "bad\\u0001name" has a control character'],
      [['walk2.ifp='], 1, 'walk2.ifp=: names the entry "walk2.ifp" but no file after "="'],
      [[join(scratch, 'missing.ifp')], 1, `${join(scratch, 'missing.ifp')}: no such file`],
      [[walk, '--format', 'ver3'], 2, 'img create --format takes VER2 (SA: one .img) or V1 (III/VC: a .dir and an .img), not "ver3"'],
      [[walk, '-o', join(scratch, 'y.img')], 2, 'img create takes the new archive first'],
    ];
    for (const [args, status, message] of cases) {
      const result = gameanim('img', 'create', out, ...args);
      expect(result.status, args.join(' ')).toBe(status);
      expect(result.stderr.split('\n')[0]).toContain(message);
      expect(existsSync(out)).toBe(false);
    }
    expect(gameanim('img', 'create', join(scratch, 'x.dir'), '--format', 'VER2').stderr).toContain('a VER2 archive is one .img file');
    expect(gameanim('img', 'create', join(scratch, 'x.arc'), '--format', 'V1').stderr).toContain(
      'a III/VC archive is a .dir and an .img of one name',
    );
    // As the help says, OUT may be the pair's name alone: vc gives vc.dir and vc.img.
    const bare = gameanim('img', 'create', join(scratch, 'vc'), walk, '--format', 'V1');
    expect(bare.stderr).toBe('');
    expect(bare.stdout.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^${join(scratch, 'vc')}\\.dir \\+ ${join(scratch, 'vc')}\\.img: III/VC v1, 1 entry, `),
    );
    expect(existsSync(join(scratch, 'vc.dir')) && existsSync(join(scratch, 'vc.img')) && !existsSync(join(scratch, 'vc'))).toBe(true);
    expect(gameanim('img', 'ls', join(scratch, 'x.img'), '--format', 'V1').status).toBe(2);
    expect(existsSync(join(scratch, 'x.dir'))).toBe(false);
  });
});

describe('NAME=FILE', () => {
  it('img add ARCHIVE NAME=FILE names the entry NAME; an existing file with "=" in its name stays one file; NAME=FILE splits a path holding one', () => {
    const archive = join(scratch, 'anim.img');
    expect(gameanim('img', 'create', archive).status).toBe(0);
    const equals = join(scratch, 'a=b.ifp');
    writeFileSync(equals, fixture('anp3-all-types.ifp'));
    mkdirSync(join(scratch, 'sub'));
    writeFileSync(join(scratch, 'sub', 'x=y.ifp'), new Uint8Array(3));
    const added = gameanim(
      'img',
      'add',
      archive,
      `mine.ifp=${walk}`,
      equals,
      `c.ifp=${equals}`,
      join(scratch, 'sub', 'x=y.ifp'),
      '--in-place',
      '--json',
    );
    expect(added.status, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout).steps).toEqual([
      `added mine.ifp from ${walk} (408 bytes)`,
      'added a=b.ifp (558 bytes)',
      `added c.ifp from ${equals} (558 bytes)`,
      'added x=y.ifp (3 bytes)',
    ]);
    const back = new IMGArchive(read(archive));
    expect(back.entries.map((e) => e.name)).toEqual(['mine.ifp', 'a=b.ifp', 'c.ifp', 'x=y.ifp']);
    expect(same(back.get('mine.ifp')!.subarray(0, 408), read(walk))).toBe(true);
    // A left part with a path separator is a path, not a name: reported as the missing file it is.
    expect(gameanim('img', 'add', archive, join(scratch, 'sub', 'no=such.ifp'), '--in-place').stderr).toBe(
      `gameanim: ${join(scratch, 'sub', 'no=such.ifp')}: no such file\n`,
    );
    expect(gameanim('img', 'replace', archive, `mine.ifp=${run}`, '--in-place').status).toBe(0);
    expect(same(new IMGArchive(read(archive)).get('mine.ifp')!.subarray(0, 716), read(run))).toBe(true);
  });

  it('img add on a path with no archive says so and names img create', () => {
    const missing = join(scratch, 'new.img');
    const result = gameanim('img', 'add', missing, walk, '--in-place');
    expect([result.status, result.stderr]).toEqual([
      1,
      `gameanim: ${missing}: no such file (gameanim img create ${missing} FILE... makes a new archive)\n`,
    ]);
    expect(existsSync(missing)).toBe(false);
  });
});
