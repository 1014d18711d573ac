// Rounds five and six (issue #44, docs/robustness.md): the command line's own table and flags. Each
// failed before its fix: a stack trace for `toString`, a forged row, a range read as another, "any
// port" for an empty one, a worker thread per file for --jobs 1e9.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportBatch } from '../../src/cli/commands/export-batch.js';
import { editSteps } from '../../src/cli/commands/edit.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { writeIFP } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};
const scratch = () => mkdtempSync(join(tmpdir(), 'gameanim-round-six-'));
const lines = (text: string) => text.trimEnd().split('\n');

describe('the command table takes its own keys only', () => {
  for (const command of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty']) {
    it(`gameanim ${command} x: one line, unknown command, exit 2`, () => {
      const run = gameanim(command, 'x');
      expect(run.code).toBe(2);
      expect(lines(run.stderr)).toEqual([`gameanim: unknown command "${command}" (gameanim --help lists the commands)`]);
    });
  }
});

describe('flags whose values are refused in one line', () => {
  for (const fps of ['0', '-1', 'NaN', 'Infinity', 'abc', '1001']) {
    it(`import --fps=${fps}`, () => {
      const run = gameanim('import', 'x.glb', '--skeleton', 'y.dff', '-o', 'z.ifp', `--fps=${fps}`);
      expect(run.code).toBe(2);
      expect(lines(run.stderr)).toEqual([
        `gameanim import: --fps takes a rate in frames per second, above 0 and at most 1000, not ${fps} (see gameanim import --help)`,
      ]);
    });
  }
  for (const port of ['', ' ', '0x10', '1e3', '65536', '-0']) {
    it(`view --port=${JSON.stringify(port)}`, () => {
      const run = gameanim('view', `--port=${port}`);
      expect(run.code).toBe(2);
      expect(lines(run.stderr)).toEqual([
        `gameanim view: --port takes a port number from 0 to 65535, not "${port}" (see gameanim view --help)`,
      ]);
    });
  }
  for (const range of ['0:1:2', '0:', ':1', '1', '0:1:']) {
    it(`edit --trim walk=${range}`, () => {
      expect(() => editSteps([{ name: 'trim', value: `walk=${range}` }])).toThrow(
        new UsageError(`--trim takes NAME=START:END in seconds, START below END, not ${range}`),
      );
    });
  }
  it('edit --trim walk=0:1.5 is still a range', () => {
    expect(editSteps([{ name: 'trim', value: 'walk=0:1.5' }])).toEqual([{ op: 'trim', name: 'walk', start: 0, end: 1.5 }]);
  });
});

describe('export --jobs is bounded by the cores', () => {
  it('--jobs 1e9 over more files than cores starts at most one thread a core, and says so', async () => {
    const folder = scratch();
    const cores = availableParallelism();
    const sources = Array.from({ length: cores + 2 }, (_, i) => {
      const path = join(folder, `clips${i}.ifp`);
      writeFileSync(path, fixture('anp3-all-types.ifp'));
      return path;
    });
    const out = join(folder, 'out');
    mkdirSync(out);
    const printed: string[] = [];
    const result = await exportBatch(
      join(root, 'fixtures/dff-ped-5bone.dff'),
      sources,
      { out, force: false, zUp: false, jobs: 1e9, perAnimation: false, json: false },
      (line) => printed.push(line),
    );
    expect(result.inputErrors).toEqual([]);
    expect(printed).toContain(`--jobs 1000000000: ${cores} worker thread${cores === 1 ? '' : 's'} (the machine's cores)`);
    expect(printed.at(-1)).toBe(`${out}: ${cores + 2} of ${cores + 2} files exported on ${cores} worker thread${cores === 1 ? '' : 's'}`);
  });
});

describe('a name holding a control character stays in its row', () => {
  it('list escapes newline and tab in names: one row per animation', () => {
    const path = join(scratch(), 'forged.ifp');
    const track = {
      boneName: 'Spine',
      boneId: 1,
      keyframeType: 'KR00' as const,
      compressed: true,
      times: Float32Array.of(0, 0.5),
      rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1),
      translations: null,
      scales: null,
    };
    writeFileSync(
      path,
      writeIFP(
        [
          {
            name: 'pkg',
            animations: [
              { name: 'walk\nfake 9 9 9', bones: [track] },
              { name: 'run\tx', bones: [track] },
            ],
          },
        ],
        { format: 'ANP3' },
      ),
    );
    const listed = gameanim('list', path);
    expect(listed.code, listed.stderr).toBe(0);
    expect(lines(listed.stdout).map((line) => line.split(/\s{2,}/)[0])).toEqual(['animation', 'walk\\x0afake 9 9 9', 'run\\x09x']);
  });
});
