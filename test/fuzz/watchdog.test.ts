// The watchdog names the format a hanging case was for by the name the harness gives, whatever it is:
// it keeps no list of formats that a new registry entry would have to be added to.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/registry.js';

describe('the fuzz watchdog', () => {
  it("reports a hang under the harness's name for the format, for a name it has never seen", () => {
    const saved = mkdtempSync(join(tmpdir(), 'gameanim-watchdog-'));
    const format = `${FORMATS.at(-1)!.name}-not-a-registry-name`;
    const script = `const w = await import(${JSON.stringify(new URL('./watchdog.mjs', import.meta.url).href)}); w.arm(${JSON.stringify(format)}, new Uint8Array([1, 2, 3, 4]), 200); for (;;) {}`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, FUZZ_REGRESSIONS_DIR: `${saved}/` },
    });
    expect(run.signal).toBe('SIGKILL');
    expect(run.stderr).toContain(`fuzz watchdog: a ${format} case of 4 bytes ran past its time limit`);
    expect(readdirSync(saved)).toEqual([expect.stringMatching(new RegExp(`^${format.toLowerCase()}-hang-[0-9a-f]{12}\\.bin$`))]);
  });
});
