import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeIFP } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-json-'));

describe('dump --json is exact for NaN, infinities and -0', () => {
  it('writes them as strings that read back to the same value', () => {
    const rotations = Float32Array.from([Number.NaN, Infinity, -Infinity, -0, 0.1, -0.5, 1, 2]);
    const path = join(scratch, 'specials.ifp');
    writeFileSync(
      path,
      writeIFP(
        [
          {
            name: 'p',
            animations: [
              {
                name: 'a',
                bones: [
                  {
                    boneName: 'b',
                    boneId: 0,
                    keyframeType: 'KR00',
                    compressed: false,
                    times: Float32Array.from([-0, 1]),
                    rotations,
                    translations: null,
                    scales: null,
                  },
                ],
              },
            ],
          },
        ],
        { format: 'ANP3' },
      ),
    );
    const run = spawnSync(process.execPath, ['packages/cli/dist/src/cli/main.js', 'dump', path, '--json'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const bone = JSON.parse(run.stdout).packages[0].animations[0].bones[0];
    const decode = (v: number | string) => (typeof v === 'number' ? v : Number(v));
    expect(bone.rotations.slice(0, 4)).toEqual(['NaN', 'Infinity', '-Infinity', '-0']);
    expect(Object.is(decode(bone.times[0]), -0)).toBe(true);
    expect(bone.rotations.map(decode).map((v: number) => Math.fround(v))).toEqual(Array.from(rotations));
  });
});

describe('the fuzz watchdog', () => {
  it('kills a run whose case never returns, and saves the input', () => {
    const saved = mkdtempSync(join(tmpdir(), 'gameanim-watchdog-'));
    const script = `const w = await import(${JSON.stringify(new URL('../fuzz/watchdog.mjs', import.meta.url).href)}); w.arm('IFP', new Uint8Array([1, 2, 3]), 200); for (;;) {}`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, FUZZ_REGRESSIONS_DIR: `${saved}/` },
    });
    expect(run.signal).toBe('SIGKILL');
    expect(run.stderr).toMatch(/fuzz watchdog: a IFP case of 3 bytes ran past its time limit of 200 ms/);
    expect(readdirSync(saved)).toEqual([expect.stringMatching(/^ifp-hang-[0-9a-f]{12}\.bin$/)]);
  });
});
