// The write rule and terminal output, through the real CLI: never replace a file without --force,
// never write through a symlink or over an input, report renames, and print names escaped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeIFP, writeIMG, type TrackData } from '../../src/index.js';
import { fixture } from '../helpers/files.js';
import { imgWithRawNames } from '../helpers/img.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'packages/cli/dist/src/cli/main.js');
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'latin1', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};
const scratch = () => mkdtempSync(join(tmpdir(), 'gameanim-writes-'));

describe('img extract never loses a file', () => {
  const data = fixture('anp2-basic.ifp');
  it('an existing file is kept (exit 1) unless --force; a symlink is never written through, even with --force', () => {
    const dir = scratch();
    const archive = join(dir, 'a.img');
    writeFileSync(
      archive,
      writeIMG([
        { name: '.bashrc', data },
        { name: 'walk.ifp', data },
      ]),
    );
    const out = join(dir, 'home');
    mkdirSync(out);
    writeFileSync(join(out, 'bashrc'), 'mine');
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'outside');
    symlinkSync(outside, join(out, 'walk.ifp'));
    const first = gameanim('img', 'extract', archive, '-o', out);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('renamed: .bashrc -> bashrc');
    expect(first.stderr).toMatch(/bashrc: already exists; nothing written \(add --force/);
    expect(first.stderr).toMatch(/walk\.ifp: is a symbolic link/);
    expect(readFileSync(join(out, 'bashrc'), 'utf8')).toBe('mine');
    const forced = gameanim('img', 'extract', archive, '-o', out, '--force');
    expect(forced.code).toBe(1); // the symlink still refuses
    expect(readFileSync(join(out, 'bashrc')).subarray(0, data.length).equals(Buffer.from(data))).toBe(true); // replaced, as asked
    expect(readFileSync(outside, 'utf8')).toBe('outside');
  });

  it("entries named '.', '..', with paths, control characters, or one name in two cases become distinct files in the folder, each rename reported", () => {
    const dir = scratch();
    const archive = join(dir, 'a.img');
    const names = ['.', '..', 'x/../../up.ifp', 'WALK.IFP', 'walk.ifp', 'Walk.ifp', 'bell\x07.ifp', 'a.ifp'];
    writeFileSync(archive, imgWithRawNames(names.map((name) => ({ name, data })))); // names writeIMG refuses, as other tools may write them
    const out = join(dir, 'out');
    const result = gameanim('img', 'extract', archive, '-o', out);
    expect(result.code, result.stderr).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(names.length);
    expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(names.length);
    expect(existsSync(join(dir, 'up.ifp'))).toBe(false);
    expect(result.stdout.match(/^renamed: /gm)).toHaveLength(6);
    expect(result.stdout).not.toContain('\x07');
  });
});

describe('export and import never write over what exists', () => {
  it('-o naming an existing file is refused without --force, and an input is refused even with it', () => {
    const dir = scratch();
    const ifp = join(dir, 'anims.ifp');
    writeFileSync(ifp, fixture('anp3-all-types.ifp'));
    const model = join(root, 'fixtures/dff-ped-5bone.dff');
    const glb = join(dir, 'out.glb');
    writeFileSync(glb, 'old');
    expect(gameanim('export', model, ifp, '-o', glb).stderr).toMatch(/out\.glb: already exists; nothing written/);
    expect(readFileSync(glb, 'utf8')).toBe('old');
    expect(gameanim('export', model, ifp, '-o', glb, '--force').code).toBe(0);
    const own = gameanim('export', model, ifp, '-o', ifp, '--force');
    expect(own.code).toBe(1);
    expect(own.stderr).toMatch(/is one of this command's inputs/);
    expect(readFileSync(ifp).length).toBe(fixture('anp3-all-types.ifp').length);
    const back = join(dir, 'back.ifp');
    expect(gameanim('import', glb, '--skeleton', model, '-o', back).code).toBe(0);
    expect(gameanim('import', glb, '--skeleton', model, '-o', back).code).toBe(1);
    expect(gameanim('import', glb, '--skeleton', model, '-o', glb, '--force').stderr).toMatch(/is one of this command's inputs/);
    // A package name IFP cannot hold (given with --name) is one line, exit 1, no stack trace.
    const long = gameanim('import', glb, '--skeleton', model, '-o', join(dir, 'long.ifp'), '--name', 'a-package-name-longer-than-24-bytes');
    expect(long.code).toBe(1);
    expect(long.stderr.trim().split('\n')).toHaveLength(1);
    expect(long.stderr).toMatch(/package name "a-package-name-longer-than-24-bytes" has more than 23 bytes/);
  });
});

describe('bench --corpus writes only into its own folder', () => {
  it('a folder with other files (a game anim/ folder: ped.ifp, anim.img) is refused and left as it was', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'ped.ifp'), 'the game');
    writeFileSync(join(dir, 'anim.img'), 'the game');
    const result = gameanim('bench', '--quick', '--corpus', dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/holds files gameanim did not make/);
    expect(readFileSync(join(dir, 'ped.ifp'), 'utf8')).toBe('the game');
    expect(readdirSync(dir).sort()).toEqual(['anim.img', 'ped.ifp']);
  });
});

describe('output a terminal can trust', () => {
  const evil = '\x1b]0;pwned\x07\x1b[2J\x9b31m';
  const bones: TrackData[] = [
    {
      boneName: evil,
      boneId: 0,
      keyframeType: 'KR00',
      compressed: false,
      times: Float32Array.of(0),
      rotations: Float32Array.of(0, 0, 0, 1),
      translations: null,
      scales: null,
    },
  ];
  it('info, list, dump, bind and img ls print control characters escaped', () => {
    const dir = scratch();
    const ifp = join(dir, 'evil.ifp');
    writeFileSync(ifp, writeIFP([{ name: `pkg${evil}`, animations: [{ name: `anim${evil}`, bones }] }], { format: 'ANP3' }));
    const img = join(dir, 'evil.img');
    writeFileSync(img, imgWithRawNames([{ name: 'e\x1b[2J.ifp', data: fixture('anp2-basic.ifp') }]));
    const runs = [
      gameanim('info', ifp),
      gameanim('list', ifp),
      gameanim('dump', ifp),
      gameanim('dump', ifp, '--json'),
      gameanim('bind', join(root, 'fixtures/dff-ped-5bone.dff'), ifp),
      gameanim('img', 'ls', img),
      gameanim('info', img),
    ];
    for (const run of runs) {
      expect(run.stdout + run.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    }
    expect(runs[1]!.stdout).toContain('anim\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m');
  });

  it('a broken pipe keeps the exit code of an input error', async () => {
    const child = spawn(process.execPath, [cli, 'info', join(root, 'fixtures/anp3-all-types.ifp'), 'no/such.ifp'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reader went away (| head -0)
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
  });
});
