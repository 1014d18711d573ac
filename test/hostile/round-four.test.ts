// Round four (docs/robustness.md): every write atomic and faithful. Through the built CLI where a real
// mechanism exists (modes, links, inputs, folders that cannot be made); in-process, with the file
// system seam, for what root cannot provoke (a full disk, a refused rename).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { FileSystem } from '../../src/cli/atomic-write.js';
import { exportBatch } from '../../src/cli/commands/export-batch.js';
import { imgEdit } from '../../src/cli/commands/img-edit.js';
import { IFPReader, IMGArchive, writeIMG } from '../../src/index.js';
import { failingFs } from '../helpers/failing-fs.js';
import { fixture } from '../helpers/files.js';
import { imgOverlapping } from './inputs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};
const scratch = () => mkdtempSync(join(tmpdir(), 'gameanim-round-four-'));
const model = join(root, 'fixtures/dff-ped-5bone.dff');
const ifp = fixture('anp3-all-types.ifp');
const oneLine = (stderr: string) => expect(stderr.trim().split('\n')).toHaveLength(1);

/** A GTA III/VC pair: 32-byte records (sector offset, sector count, 24-byte name) and the data, each entry sector aligned. */
function v1Pair(folder: string, entries: Array<{ name: string; data: Uint8Array }>): { dir: string; img: string } {
  const sectors = entries.map((e) => Math.max(1, Math.ceil(e.data.length / 2048)));
  const img = new Uint8Array(2048 * sectors.reduce((a, b) => a + b, 0));
  const dir = new Uint8Array(32 * entries.length);
  const view = new DataView(dir.buffer);
  let at = 0;
  entries.forEach((e, i) => {
    view.setUint32(32 * i, at, true);
    view.setUint32(32 * i + 4, sectors[i]!, true);
    dir.set(new TextEncoder().encode(e.name), 32 * i + 8);
    img.set(e.data, at * 2048);
    at += sectors[i]!;
  });
  const paths = { dir: join(folder, 'gta3.dir'), img: join(folder, 'gta3.img') };
  writeFileSync(paths.dir, dir);
  writeFileSync(paths.img, img);
  return paths;
}

const quiet = () => {};

describe('item 4: a III/VC --in-place edit is one change to both files, or none', () => {
  for (const failingFile of ['gta3.img', 'gta3.dir']) {
    it(`the rename onto ${failingFile} refused (EPERM): both files as they were, one line naming it, nothing left behind`, () => {
      const folder = scratch();
      const pair = v1Pair(folder, [
        { name: 'walk.ifp', data: ifp },
        { name: 'run.ifp', data: fixture('anpk-all-keys.ifp') },
      ]);
      const added = join(folder, 'extra.ifp');
      writeFileSync(added, fixture('anp2-basic.ifp'));
      const before = [readFileSync(pair.dir), readFileSync(pair.img)];
      const refuse = failingFs('EPERM', (call, args) => call === 'renameSync' && String(args[1]).endsWith(failingFile));
      const result = imgEdit('add', pair.dir, [added], { inPlace: true, force: false, json: false, fs: refuse }, quiet);
      expect(result.inputErrors).toEqual([`${join(folder, failingFile)}: cannot be written (EPERM); nothing written`]);
      expect(readFileSync(pair.dir).equals(before[0]!)).toBe(true);
      expect(readFileSync(pair.img).equals(before[1]!)).toBe(true);
      expect(readdirSync(folder).sort()).toEqual(['extra.ifp', 'gta3.dir', 'gta3.img']);
    });
  }

  it('and when nothing fails, both change: every entry reads back from the new pair', () => {
    const folder = scratch();
    const pair = v1Pair(folder, [{ name: 'walk.ifp', data: ifp }]);
    const added = join(folder, 'extra.ifp');
    writeFileSync(added, fixture('anp2-basic.ifp'));
    const run = gameanim('img', 'add', pair.dir, added, '--in-place');
    expect(run.code, run.stderr).toBe(0);
    const archive = IMGArchive.fromDir(new Uint8Array(readFileSync(pair.dir)), new Uint8Array(readFileSync(pair.img)));
    expect(archive.entries.map((e) => e.name)).toEqual(['walk.ifp', 'extra.ifp']);
    expect(Buffer.from(archive.get('walk.ifp')!).subarray(0, ifp.length).equals(Buffer.from(ifp))).toBe(true);
  });
});

describe('item 9: a full disk is one line, and leaves nothing to block the retry', () => {
  it('img add -o on a full disk (ENOSPC): no output file, one line naming it; the retry then writes it', () => {
    const folder = scratch();
    const archive = join(folder, 'anim.img');
    writeFileSync(archive, writeIMG(Array.from({ length: 80 }, (_, i) => ({ name: `e${i}.ifp`, data: ifp }))));
    const added = join(folder, 'extra.ifp');
    writeFileSync(added, fixture('anp2-basic.ifp'));
    const out = join(folder, 'out.img');
    // The disk takes 64 KiB of the archive, then is full: what used to leave a truncated out.img.
    let room = 64 << 10;
    const full: FileSystem = {
      ...fs,
      writeSync: ((fd: number, bytes: Uint8Array, at: number, length: number) => {
        if (room === 0) throw Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' });
        const written = fs.writeSync(fd, bytes, at, Math.min(length, room));
        room -= written;
        return written;
      }) as FileSystem['writeSync'],
    };
    const result = imgEdit('add', archive, [added], { out, inPlace: false, force: false, json: false, fs: full }, quiet);
    expect(result.inputErrors).toEqual([`${out}: cannot be written (ENOSPC); nothing written`]);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(folder).sort()).toEqual(['anim.img', 'extra.ifp']);
    expect(imgEdit('add', archive, [added], { out, inPlace: false, force: false, json: false }, quiet).inputErrors).toEqual([]);
    expect(new IMGArchive(new Uint8Array(readFileSync(out))).entries).toHaveLength(81);
  });

  it('img extract into a folder that cannot be made: one line, not one per entry', () => {
    const folder = scratch();
    const archive = join(folder, 'anim.img');
    writeFileSync(archive, writeIMG(Array.from({ length: 20 }, (_, i) => ({ name: `e${i}.ifp`, data: ifp }))));
    writeFileSync(join(folder, 'file'), 'a file, not a folder');
    const run = gameanim('img', 'extract', archive, '-o', join(folder, 'file', 'out'));
    expect(run.code).toBe(1);
    oneLine(run.stderr);
    expect(run.stderr).toMatch(/file\/out: cannot make the output folder \(ENOTDIR\)/);
  });
});

describe("item 10: --force never writes over any of the command's inputs", () => {
  it('edit --merge B -o B, import --like ORIG -o ORIG, and a III img extract over its own .img are refused, the inputs unchanged', () => {
    const folder = scratch();
    const a = join(folder, 'a.ifp');
    const b = join(folder, 'b.ifp');
    writeFileSync(a, ifp);
    writeFileSync(b, fixture('anp2-basic.ifp'));
    const merge = gameanim('edit', a, '--merge', b, '-o', b, '--force');
    expect(merge.code).toBe(1);
    expect(merge.stderr).toMatch(/b\.ifp: is one of this command's inputs/);
    expect(readFileSync(b).equals(Buffer.from(fixture('anp2-basic.ifp')))).toBe(true);

    const glb = join(folder, 'a.glb');
    expect(gameanim('export', model, a, '-o', glb).code).toBe(0);
    const like = gameanim('import', glb, '--skeleton', model, '--like', a, '-o', a, '--force');
    expect(like.code).toBe(1);
    expect(like.stderr).toMatch(/a\.ifp: is one of this command's inputs/);
    expect(readFileSync(a).equals(Buffer.from(ifp))).toBe(true);

    const pair = v1Pair(folder, [
      { name: 'gta3.img', data: ifp },
      { name: 'walk.ifp', data: ifp },
    ]);
    const img = readFileSync(pair.img);
    const extract = gameanim('img', 'extract', pair.dir, '-o', folder, '--force');
    expect(extract.code).toBe(1);
    expect(extract.stderr).toMatch(/gta3\.img: is one of this command's inputs/);
    expect(readFileSync(pair.img).equals(img)).toBe(true);
  });
});

describe('item 11: --in-place keeps the file what it was', () => {
  const archiveIn = (folder: string) => {
    const path = join(folder, 'anim.img');
    writeFileSync(
      path,
      writeIMG([
        { name: 'walk.ifp', data: ifp },
        { name: 'note.txt', data: new Uint8Array(8) },
      ]),
    );
    return path;
  };

  it('a 0600 archive stays 0600; a 0444 one is refused (one line) unless --force, and then stays 0444', () => {
    const folder = scratch();
    const archive = archiveIn(folder);
    chmodSync(archive, 0o600);
    expect(gameanim('img', 'delete', archive, 'note.txt', '--in-place').code).toBe(0);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    chmodSync(archive, 0o444);
    const before = readFileSync(archive);
    const refused = gameanim('img', 'rename', archive, 'walk.ifp', 'run.ifp', '--in-place');
    expect(refused.code).toBe(1);
    oneLine(refused.stderr);
    expect(refused.stderr).toMatch(/anim\.img: is read-only \(mode 0444\)/);
    expect(readFileSync(archive).equals(before)).toBe(true);
    expect(gameanim('img', 'rename', archive, 'walk.ifp', 'run.ifp', '--in-place', '--force').code).toBe(0);
    expect(statSync(archive).mode & 0o777).toBe(0o444);
    expect(new IMGArchive(new Uint8Array(readFileSync(archive))).find('run.ifp')).toBeDefined();
  });

  it('a symlink is refused, not replaced by a copy; a file with two hard links is refused, not split', () => {
    const folder = scratch();
    const archive = archiveIn(folder);
    const before = readFileSync(archive);
    const link = join(folder, 'link.img');
    symlinkSync(archive, link);
    const viaLink = gameanim('img', 'delete', link, 'note.txt', '--in-place');
    expect(viaLink.code).toBe(1);
    oneLine(viaLink.stderr);
    expect(viaLink.stderr).toMatch(/link\.img: is a symbolic link \(to .*anim\.img\)/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const hard = join(folder, 'hard.img');
    linkSync(archive, hard);
    const viaHard = gameanim('img', 'delete', hard, 'note.txt', '--in-place');
    expect(viaHard.code).toBe(1);
    expect(viaHard.stderr).toMatch(/hard\.img: has 2 hard links/);
    expect(statSync(archive).nlink).toBe(2);
    expect(readFileSync(archive).equals(before)).toBe(true);
  });
});

describe('item 7: the batch export of an archive whose entries share data is bounded as img extract is', () => {
  it('100 entries over the same 1 MB: refused before any work, nothing written', () => {
    const folder = scratch();
    const archive = join(folder, 'overlap.img');
    writeFileSync(archive, imgOverlapping(100, ifp));
    const out = join(folder, 'out');
    const run = gameanim('export', model, archive, '-o', `${out}/`);
    expect(run.code).toBe(1);
    oneLine(run.stderr);
    expect(run.stderr).toMatch(
      /overlap\.img: exporting its IFP entries would write \d+ bytes of entries, more than 64 times the archive's size .* Add --force/,
    );
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});

describe('item 14: a worker that fails does not end the batch', () => {
  const packages = new IFPReader(ifp).packages.length + new IFPReader(fixture('multi-package-trailing.ifp')).packages.length;
  const sources = (folder: string) => {
    const one = join(folder, 'one.ifp');
    const two = join(folder, 'two.ifp');
    writeFileSync(one, ifp);
    writeFileSync(two, fixture('multi-package-trailing.ifp'));
    return [one, two];
  };
  // One worker for the second: with more, a unit could meet two dying workers and be reported lost, by design.
  const workers: Record<string, string> = {
    'fails at start': 'throw new Error("cannot start")',
    'dies on its first unit':
      'const { parentPort } = require("node:worker_threads"); parentPort.postMessage({ kind: "ready" }); parentPort.on("message", () => process.exit(7));',
  };
  for (const [how, code] of Object.entries(workers)) {
    it(`every worker ${how}: the units are retried and exported in-process, every file written`, async () => {
      const folder = scratch();
      const out = join(folder, 'out');
      mkdirSync(out);
      const result = await exportBatch(
        model,
        sources(folder),
        {
          out,
          force: false,
          zUp: false,
          jobs: how === 'fails at start' ? 2 : 1,
          perAnimation: false,
          spawnWorker: () => new Worker(code, { eval: true }),
        },
        quiet,
      );
      expect(result.inputErrors).toEqual([]);
      expect(readdirSync(out)).toHaveLength(packages);
    });
  }
});
