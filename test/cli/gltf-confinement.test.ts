// A .gltf reads only what lies beside it: every URI that leads out of its folder (a `..`, an absolute
// path, its percent-encoded spellings, a link in the folder pointing out, /proc) is refused in one line
// naming the URI and its byte offset, exit 1, nothing written, and no byte of the outside file reaches
// the output. A file named by many spellings is read once; all files together under one cap; a file
// that says it is regular but reads on past its size (/proc/self/pagemap) is not read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { readGltfInput } from '../../src/cli/gltf-input.js';
import { InputError, readInput } from '../../src/cli/inputs.js';
import { workCount } from '../../src/core/work-count.js';
import { readGltfDocument } from '../../src/gltf/gltf-input.js';
import { DecodeError } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-gltf-confine-'));
const model = 'fixtures/dff-ped-5bone.dff';
const ifp = 'fixtures/anp3-all-types.ifp';

/**
 * A folder `NAME/in` holding clips.gltf (exported by gameanim, its clips.bin beside it) and `NAME/outside/secret.bin`, a copy of clips.bin.
 */
function exportedGltf(name: string): { dir: string; gltf: string; text: string; secret: string } {
  const dir = join(scratch, name, 'in');
  mkdirSync(join(scratch, name, 'outside'), { recursive: true });
  mkdirSync(dir, { recursive: true });
  const gltf = join(dir, 'clips.gltf');
  expect(gameanim('export', model, ifp, '-o', gltf, '--gltf').code).toBe(0);
  const secret = join(scratch, name, 'outside', 'secret.bin');
  writeFileSync(secret, readFileSync(join(dir, 'clips.bin')));
  return { dir, gltf, text: readFileSync(gltf, 'utf8'), secret };
}

/** Rewrites the buffer's URI to `uri`, runs import, and expects the one-line refusal saying `why`. */
function expectRefused(name: string, uri: string, why: RegExp, prepare?: (dir: string) => void): void {
  const { dir, gltf, text } = exportedGltf(name);
  prepare?.(dir);
  const rewritten = text.replace('"clips.bin"', JSON.stringify(uri));
  writeFileSync(gltf, rewritten);
  const out = join(dir, 'out.ifp');
  for (const args of [
    ['import', gltf, '--skeleton', model, '-o', out],
    ['bind', model, gltf],
  ]) {
    const run = gameanim(...args);
    expect(run.code, args[0]).toBe(1);
    expect(run.stdout).toBe('');
    const at = rewritten.indexOf(JSON.stringify(uri));
    expect(run.stderr).toMatch(
      new RegExp(`^gameanim: ${literal(gltf)}: GLTF: buffer 0's URI ${literal(JSON.stringify(uri))} cannot be read: `),
    );
    expect(run.stderr).toMatch(why);
    expect(run.stderr.endsWith(`(at byte ${at})\n`)).toBe(true);
    expect(run.stderr.split('\n')).toHaveLength(2);
  }
  expect(existsSync(out)).toBe(false);
}
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe("a .gltf's URIs name only files inside its folder", () => {
  it('a .. path is refused, in every spelling: plain, percent-encoded, through a folder below', () => {
    expectRefused('dotdot', '../outside/secret.bin', /leads out of the glTF's folder/);
    expectRefused('encoded', '%2e%2e/outside/secret.bin', /leads out of the glTF's folder/);
    expectRefused('deep', 'sub/../../outside/secret.bin', /leads out of the glTF's folder/);
  });

  it('an absolute path is refused: /etc/passwd, /proc/self/environ, an encoded slash', () => {
    expectRefused('passwd', '/etc/passwd', /is an absolute path/);
    expectRefused('environ', '/proc/self/environ', /is an absolute path/);
    expectRefused('slash', '%2Fetc%2Fpasswd', /is an absolute path/);
  });

  it('a link inside the folder that points out is refused, to a file or through a folder', () => {
    expectRefused('link', 'secret.bin', /a link that leads out of the glTF's folder/, (dir) =>
      symlinkSync(join(dir, '..', 'outside', 'secret.bin'), join(dir, 'secret.bin')),
    );
    expectRefused('linkdir', 'out/secret.bin', /a link that leads out of the glTF's folder/, (dir) =>
      symlinkSync(join(dir, '..', 'outside'), join(dir, 'out')),
    );
  });

  it('a file in a folder below it, and a link that stays inside, are read', () => {
    const { dir, gltf, text } = exportedGltf('inside');
    mkdirSync(join(dir, 'bins'));
    symlinkSync(join(dir, 'clips.bin'), join(dir, 'bins', 'link.bin'));
    writeFileSync(gltf, text.replace('"clips.bin"', '"bins/link.bin"'));
    const run = gameanim('import', gltf, '--skeleton', model, '-o', join(dir, 'out.ifp'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('each file once, all under one cap', () => {
  it('500 spellings of one file are read once and counted once', async () => {
    const { dir, gltf, text } = exportedGltf('spellings');
    const json = JSON.parse(text);
    const binBytes = readFileSync(join(dir, 'clips.bin')).length;
    mkdirSync(join(dir, 's'));
    // 500 buffers, each the same file spelled another way; none is used by an accessor.
    for (let i = 0; i < 500; i++) json.buffers.push({ uri: `${'s/../'.repeat(i + 1)}clips.bin`, byteLength: binBytes });
    writeFileSync(gltf, JSON.stringify(json));
    const input = readGltfInput(gltf);
    const read = await readGltfDocument({ WebIO, GLB_BUFFER: '@glb.bin' } as never, input.bytes, input.resources);
    expect(input.files).toEqual([gltf, join(dir, 'clips.bin')]);
    expect(read.bytes).toBe(input.bytes.length + binBytes);
  });

  it('a .gltf whose files together pass the cap is refused naming the cap', () => {
    const { dir, gltf } = exportedGltf('cap');
    const input = readGltfInput(gltf);
    // The cap itself is 512 MiB; the rule it applies is readInput's limit, checked on a small one here.
    expect(() => readInput(join(dir, 'clips.bin'), 10, 'bytes left')).toThrow(/: \d+ bytes, more than the 10 bytes left$/);
    expect(input.resources('clips.bin')).toBeInstanceOf(Uint8Array);
  });

  it('the byte offset of a URI is looked for only when it is reported', async () => {
    const { dir, gltf, text } = exportedGltf('offsets');
    const json = JSON.parse(text);
    const binBytes = readFileSync(join(dir, 'clips.bin')).length;
    for (let i = 0; i < 2000; i++) json.buffers.push({ uri: `./${'./'.repeat(i)}clips.bin`, byteLength: binBytes });
    writeFileSync(gltf, JSON.stringify(json));
    const input = readGltfInput(gltf);
    const before = workCount.gltfJsonSearched;
    await readGltfDocument({ WebIO, GLB_BUFFER: '@glb.bin' } as never, input.bytes, input.resources);
    expect(workCount.gltfJsonSearched).toBe(before);
  });
});

describe('accessors on an interleaved view', () => {
  it('a byteStride of 0 cannot make a 16-byte view serve 25 million elements', async () => {
    const json = {
      asset: { version: '2.0' },
      buffers: [{ uri: 'data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAA==', byteLength: 16 }],
      bufferViews: [{ buffer: 0, byteLength: 16, byteStride: 4 }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 25_000_000, type: 'VEC4' }],
    };
    const bytes = new TextEncoder().encode(JSON.stringify(json));
    const error = await readGltfDocument({ WebIO, GLB_BUFFER: '@glb.bin' } as never, bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).code).toBe('count-exceeds-data');
    expect((error as DecodeError).message).toMatch(/accessor 0 would allocate 25000000 elements of 16 bytes/);
  });
});

describe('readInput reads regular files at the size they say', () => {
  it('/proc/self/pagemap (0 bytes by its size, endless to read) and /proc/self/environ are refused', () => {
    if (!existsSync('/proc/self/pagemap')) return expect(process.platform).not.toBe('linux');
    // Its reads need 8-byte multiples: refused either way, and never read past the 0 bytes it says.
    expect(() => readInput('/proc/self/pagemap')).toThrow(InputError);
    expect(() => readInput('/proc/self/environ')).toThrow(/holds more bytes than the 0 its size says/);
  });

  it('a FIFO is refused as what it is, a directory as a directory', () => {
    const fifo = join(scratch, 'fifo');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return expect(process.platform).toBe('win32');
    expect(() => readInput(fifo)).toThrow(/: not a regular file \(a FIFO, device or socket\); gameanim reads only files$/);
    expect(() => readInput(scratch)).toThrow(/: a directory, not a file$/);
    expect(() => readInput('/dev/zero')).toThrow(/not a regular file/);
    rmSync(fifo);
  });
});
