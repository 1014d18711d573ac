// The write rule's mechanism (src/cli/atomic-write.ts, src/cli/outputs.ts): a temporary file beside
// the target, renamed over it; groups all or none; a failure leaves nothing behind and is one line.
// A full disk and a refused rename are simulated through the file system seam (test/helpers/failing-fs.ts).
import * as fs from 'node:fs';
import { linkSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitFiles, WriteError } from '../../src/cli/atomic-write.js';
import { writeOutput, writeOutputs } from '../../src/cli/outputs.js';
import { failingFs } from '../helpers/failing-fs.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'gameanim-atomic-'));

describe('a write that fails leaves nothing behind', () => {
  it('a full disk mid-write (ENOSPC): the old file untouched, no temporary left, one WriteError naming the path and errno', () => {
    const dir = scratch();
    const target = join(dir, 'anim.img');
    writeFileSync(target, 'the old archive');
    const full = failingFs('ENOSPC', (call) => call === 'writeSync');
    const attempt = () => writeOutput(target, new Uint8Array(100_000), { force: true, fs: full });
    expect(attempt).toThrow(WriteError);
    expect(attempt).toThrow(`${target}: cannot be written (ENOSPC); nothing written`);
    expect(readFileSync(target, 'utf8')).toBe('the old archive');
    expect(readdirSync(dir)).toEqual(['anim.img']);
  });

  it('a new file on a full disk: nothing there afterwards, so the retry is not refused as "already exists"', () => {
    const dir = scratch();
    const target = join(dir, 'new.img');
    const full = failingFs('ENOSPC', (call) => call === 'fsyncSync');
    expect(() => writeOutput(target, 'data', { force: false, fs: full })).toThrow(/new\.img: cannot be written \(ENOSPC\)/);
    expect(readdirSync(dir)).toEqual([]);
    writeOutput(target, 'data', { force: false });
    expect(readFileSync(target, 'utf8')).toBe('data');
  });

  it('a group (a .img and its .dir): when the second rename fails (EPERM) the first file is put back, byte for byte', () => {
    const dir = scratch();
    const img = join(dir, 'gta3.img');
    const dirFile = join(dir, 'gta3.dir');
    writeFileSync(img, 'old data');
    writeFileSync(dirFile, 'old records');
    const refuse = failingFs('EPERM', (call, args) => call === 'renameSync' && String(args[1]) === dirFile);
    const failed = writeOutputs(
      [
        [img, 'new data'],
        [dirFile, 'new records'],
      ],
      { force: false, inPlace: true, fs: refuse },
    );
    expect(failed?.inputErrors).toEqual([`${dirFile}: cannot be written (EPERM); nothing written`]);
    expect(readFileSync(img, 'utf8')).toBe('old data');
    expect(readFileSync(dirFile, 'utf8')).toBe('old records');
    expect(readdirSync(dir).sort()).toEqual(['gta3.dir', 'gta3.img']);
  });

  it('a group of new files: when the second cannot be placed, the first is removed again', () => {
    const dir = scratch();
    const refuse = failingFs('EIO', (call, args) => (call === 'linkSync' || call === 'renameSync') && String(args[1]).endsWith('b.bin'));
    expect(() =>
      commitFiles(
        [
          { path: join(dir, 'a.gltf'), data: '{}' },
          { path: join(dir, 'b.bin'), data: 'bin' },
        ],
        refuse,
      ),
    ).toThrow(/b\.bin: cannot be written \(EIO\)/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a replaced file stays what it was', () => {
  it('keeps its mode: 0600 stays 0600; a read-only 0444 file is refused without --force, and with it stays 0444', () => {
    const dir = scratch();
    const secret = join(dir, 'secret.img');
    writeFileSync(secret, 'old');
    chmodSync(secret, 0o600);
    writeOutput(secret, 'new', { force: false, inPlace: true });
    expect(statSync(secret).mode & 0o777).toBe(0o600);
    const locked = join(dir, 'locked.img');
    writeFileSync(locked, 'old');
    chmodSync(locked, 0o444);
    expect(() => writeOutput(locked, 'new', { force: false, inPlace: true })).toThrow(
      `${locked}: is read-only (mode 0444); nothing written (add --force to replace it, keeping its mode)`,
    );
    expect(readFileSync(locked, 'utf8')).toBe('old');
    writeOutput(locked, 'new', { force: true, inPlace: true });
    expect(readFileSync(locked, 'utf8')).toBe('new');
    expect(statSync(locked).mode & 0o777).toBe(0o444);
  });

  it('a symlink is refused in place (never replaced by a copy), naming its target; a hard link is refused too', () => {
    const dir = scratch();
    const real = join(dir, 'real.img');
    writeFileSync(real, 'old');
    const link = join(dir, 'link.img');
    symlinkSync(real, link);
    expect(() => writeOutput(link, 'new', { force: true, inPlace: true })).toThrow(
      `${link}: is a symbolic link (to ${fs.realpathSync(real)}); gameanim never writes through one`,
    );
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    const hard = join(dir, 'hard.img');
    linkSync(real, hard);
    expect(() => writeOutput(hard, 'new', { force: true, inPlace: true })).toThrow(/hard\.img: has 2 hard links/);
    expect(readFileSync(real, 'utf8')).toBe('old');
  });
});
