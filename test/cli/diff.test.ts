// gameanim diff of two large packages: each changed animation with its worst bones (the rest counted
// on one line), and a summary line at the end that says how many were added, removed and changed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { writeIFP, type TrackData } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });

/** A 32-track clip whose bone b is turned by (b + 1) / 32 of `degrees` about Z (int16 keys: 40 degrees is stored as 39.985). */
const clip = (name: string, degrees: number) => ({
  name,
  bones: Array.from(
    { length: 32 },
    (_, b): TrackData => ({
      boneName: `bone${b}`,
      boneId: b,
      keyframeType: 'KR00',
      compressed: true,
      times: Float32Array.of(0, 0.5),
      rotations: Float32Array.of(
        0,
        0,
        0,
        1,
        0,
        0,
        Math.sin((((b + 1) / 32) * degrees * Math.PI) / 360),
        Math.cos((((b + 1) / 32) * degrees * Math.PI) / 360),
      ),
      translations: null,
      scales: null,
    }),
  ),
});

it('diff of two 300-clip packages: 3 bones per changed clip, worst first, the rest counted, then one summary line', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gameanim-diff-'));
  const [a, b] = [join(scratch, 'a.ifp'), join(scratch, 'b.ifp')];
  writeFileSync(a, writeIFP([{ name: 'ped', animations: Array.from({ length: 300 }, (_, i) => clip(`clip${i}`, 0)) }], { format: 'ANP3' }));
  writeFileSync(
    b,
    writeIFP([{ name: 'ped', animations: [...Array.from({ length: 299 }, (_, i) => clip(`clip${i}`, 40)), clip('new', 0)] }], {
      format: 'ANP3',
    }),
  );
  const run = gameanim('diff', a, b);
  expect(run.status).toBe(1);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toBe(`${a} -> ${b}: 1 added, 1 removed, 299 changed (0 in duration)`);
  expect(lines.slice(2, 7)).toEqual([
    '~ clip0',
    '    bone31 (id 31): 39.985 deg, 0.0000 m',
    '    bone30 (id 30): 38.728 deg, 0.0000 m',
    '    bone29 (id 29): 37.489 deg, 0.0000 m',
    '    ... and 29 more bones (--json lists every one)',
  ]);
  expect(lines).toHaveLength(2 + 299 * 5 + 1);
});
