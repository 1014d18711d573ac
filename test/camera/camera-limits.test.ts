// Camera paths against hostile sizes (issue #30, items 8 and 17): words are read one at a time, counts
// are checked against the bytes before allocating, and a number is read whole or refused, never cut.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanCounts } from '../../src/camera/tokens.js';
import { CameraPathReader } from '../../src/index.js';
import { decodeErrorOf } from '../helpers/errors.js';

const text = (s: string) => new TextEncoder().encode(s);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The texts a read builds from words (every other word is only scanned). */
function textsBuilt(run: () => unknown): number {
  const before = scanCounts.texts;
  try {
    run();
  } catch {
    // the count is what is measured; the outcome is checked by the caller
  }
  return scanCounts.texts - before;
}

describe('camera paths: numbers read whole', () => {
  it('a number longer than 64 characters keeps its value (leading zeros were cut to "000...0": 0)', () => {
    const long = `${'0'.repeat(70)}1.5`;
    const path = new CameraPathReader(text(`1\n${long},${long},\n;0;0;0;`));
    expect([path.zoom.times[0], path.zoom.values[0]]).toEqual([1.5, 1.5]);
  });

  it('a word past 4096 characters where a number belongs: bad-number at the word, not a changed value', () => {
    const error = decodeErrorOf(() => new CameraPathReader(text(`1\n0,${'1'.repeat(5000)},\n;0;0;0;`)));
    expect(error).toMatchObject({ format: 'CAM', code: 'bad-number', offset: 4 });
    expect(error.message.length).toBeLessThan(300);
  });
});

describe('camera paths: work and memory follow the keys, not the input', () => {
  it('trailing words are found, never built: one warning, no texts beyond the four counts', () => {
    const trailing = '1 '.repeat(500_000);
    let path: CameraPathReader | undefined;
    expect(textsBuilt(() => (path = new CameraPathReader(text(`0;0;0;0;${trailing}`))))).toBe(4);
    expect(path!.warnings).toMatchObject([{ code: 'trailing-bytes', offset: 8 }]);
  });

  it('a count the section cannot hold is refused after reading the count alone', () => {
    const words = '1 '.repeat(100_000);
    expect(textsBuilt(() => new CameraPathReader(text(`999999;${words};0;0;`)))).toBe(1);
    expect(decodeErrorOf(() => new CameraPathReader(text(`999999;${words};0;0;`)))).toMatchObject({
      code: 'count-exceeds-data',
      offset: 0,
    });
    // Numbers left over after the keys are counted, not built.
    expect(textsBuilt(() => new CameraPathReader(text(`1 0 1 ${words};0;0;0;`)))).toBe(3);
  });

  it('a path of n keys builds one text per number it keeps, plus the counts', () => {
    const keys = 1000;
    const zoom = `${keys}\n${Array.from({ length: keys }, (_, k) => `${k},70,`).join('\n')}\n;`;
    expect(textsBuilt(() => new CameraPathReader(text(`${zoom}0;0;0;`)))).toBe(4 + 2 * keys);
  });

  it('gameanim info reads 24 MB of trailing words under a 64 MB heap (each word was an object: 31 to 42 bytes per input byte)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gameanim-cam-')), 'big.dat');
    writeFileSync(file, Buffer.concat([Buffer.from('0;0;0;0;'), Buffer.alloc(24 << 20, '1 ')]));
    const run = spawnSync(process.execPath, ['--max-old-space-size=64', join(root, 'packages/cli/dist/src/cli/main.js'), 'info', file], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr.slice(0, 500)).toBe(0);
    expect(run.stdout).toContain('trailing-bytes');
  });
});
