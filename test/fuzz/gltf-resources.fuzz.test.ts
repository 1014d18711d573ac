// A JSON .gltf with its resources under fuzzing: the .gltf gameanim exports, its buffer and image URIs
// replaced by hostile spellings (`..`, absolute paths, percent-encodings, links out of the folder, one
// file spelled many ways) and its accessors' counts, views and strides mutated, read through the CLI's
// file reader. Each case imports or throws a DecodeError; no file outside the .gltf's folder is ever
// read; each file inside is read once; the work stays within the bytes read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGltfInput } from '../../src/cli/gltf-input.js';
import { importGltf } from '../../src/gltf/index.js';
import { DecodeError, DFFReader } from '../../src/index.js';
import { fuzzOptions } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const model = join(root, 'fixtures/dff-ped-5bone.dff');

/** A folder `in/` with clips.gltf and clips.bin as gameanim exports them, a subfolder, links in and out, and `outside/`. */
function layout(): { folder: string; gltf: string; json: Record<string, unknown[]> } {
  const scratch = mkdtempSync(join(tmpdir(), 'gameanim-fuzz-gltf-resources-'));
  const folder = join(scratch, 'in');
  mkdirSync(join(folder, 'sub'), { recursive: true });
  mkdirSync(join(scratch, 'outside'));
  const gltf = join(folder, 'clips.gltf');
  const run = spawnSync(
    process.execPath,
    [join(root, 'packages/cli/dist/src/cli/main.js'), 'export', model, join(root, 'fixtures/anp3-all-types.ifp'), '-o', gltf, '--gltf'],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  writeFileSync(join(scratch, 'outside', 'secret.bin'), readFileSync(join(folder, 'clips.bin')));
  symlinkSync(join(scratch, 'outside', 'secret.bin'), join(folder, 'out.bin'));
  symlinkSync(join(scratch, 'outside'), join(folder, 'outdir'));
  symlinkSync(join(folder, 'clips.bin'), join(folder, 'sub', 'in.bin'));
  return { folder, gltf, json: JSON.parse(readFileSync(gltf, 'utf8')) };
}

const HOSTILE_URIS = [
  'clips.bin',
  './clips.bin',
  'sub/../clips.bin',
  'sub/in.bin',
  'sub%2F..%2Fclips.bin',
  '../outside/secret.bin',
  '%2e%2e/outside/secret.bin',
  '..%2Foutside%2Fsecret.bin',
  '/etc/passwd',
  '/proc/self/environ',
  '/proc/self/pagemap',
  'out.bin',
  'outdir/secret.bin',
  'sub/../../outside/secret.bin',
  'file:///etc/passwd',
  'C:/Windows/win.ini',
  '%zz',
  'missing.bin',
  'sub',
  'clips.gltf',
];

describe('.gltf JSON with its resources under fuzzing', () => {
  it('hostile URIs and accessors: imports or a DecodeError, never a file outside the folder, each file read once (seeded fuzz)', async () => {
    const { folder, gltf, json } = layout();
    const skeleton = new DFFReader(readFileSync(model)).skeleton!;
    const uris = fc.array(fc.constantFrom(...HOSTILE_URIS), { minLength: 1, maxLength: 6 });
    const accessorEdit = fc.record({
      index: fc.nat(),
      count: fc.option(fc.constantFrom(0, 1, 7, 1000, 25_000_000, -1, 2 ** 31), { nil: undefined }),
      byteStride: fc.option(fc.constantFrom(0, 4, 16, 252), { nil: undefined }),
      dropView: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(uris, fc.array(accessorEdit, { maxLength: 3 }), async (bufferUris, edits) => {
        const mutated = structuredClone(json) as {
          buffers: Array<{ uri: string; byteLength: number }>;
          accessors: Array<Record<string, unknown>>;
          bufferViews: Array<Record<string, unknown>>;
        };
        const byteLength = mutated.buffers[0]!.byteLength;
        mutated.buffers = bufferUris.map((uri) => ({ uri, byteLength }));
        for (const edit of edits) {
          const accessor = mutated.accessors[edit.index % mutated.accessors.length]!;
          if (edit.count !== undefined) accessor['count'] = edit.count;
          if (edit.dropView) delete accessor['bufferView'];
          const view = mutated.bufferViews[(accessor['bufferView'] as number | undefined) ?? 0];
          if (view && edit.byteStride !== undefined) view['byteStride'] = edit.byteStride;
        }
        writeFileSync(gltf, JSON.stringify(mutated));
        const input = readGltfInput(gltf);
        const result = await importGltf(input.bytes, { skeleton, resources: input.resources }).catch((error: unknown) => error);
        if (!(result instanceof DecodeError)) {
          expect((result as { packages?: unknown }).packages, String(result)).toBeDefined();
          const { work } = result as { work: { samples: number; limit: number } };
          expect(work.samples).toBeLessThanOrEqual(work.limit);
        }
        // Only files inside the folder, each once: the .gltf and clips.bin at most.
        for (const file of input.files.slice(1)) expect(relative(folder, file).startsWith('..')).toBe(false);
        expect(new Set(input.files).size).toBe(input.files.length);
        expect(input.files.length).toBeLessThanOrEqual(2);
      }),
      fuzzOptions(150),
    );
  }, 600_000);
});
