// A long single-file export shows progress on a terminal, one step per clip converted, and nothing
// when stderr is not a terminal (as the multi-file commands do). Counted, never timed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { IFPReader } from '../../src/index.js';
import { exportCommand, type ExportOptions } from '../../src/cli/commands/gltf.js';
import { startProgress, type ProgressStream, type StartProgress } from '../../src/cli/progress.js';
import { describeWith } from '../helpers/needs.js';
import { SAMPLES, sample, samplesDir } from '../helpers/files.js';

/** A stream that keeps what is written to it and says it is (or is not) a terminal. */
function recordingStream(isTTY: boolean): ProgressStream & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as Writable & { isTTY: boolean; columns: number };
  stream.isTTY = isTTY;
  stream.columns = 160;
  return Object.assign(stream, { text: () => chunks.join('') });
}

/** The real bar on `stream`, with every step it is given counted. */
function countedProgress(stream: ProgressStream) {
  const steps: string[] = [];
  const totals: number[] = [];
  let stops = 0;
  const progress: StartProgress = (total, title, print) => {
    totals.push(total);
    const bar = startProgress(total, title, print, stream);
    return {
      tick(label) {
        steps.push(label);
        bar.tick(label);
      },
      print: bar.print,
      stop() {
        stops++;
        bar.stop();
      },
    };
  };
  return { progress, steps, totals, stops: () => stops };
}

describeWith([SAMPLES], 'export into one file: progress per animation', () => {
  const PED = join(samplesDir, 'iii_pcanims_ped_anpk.ifp'); // GTA III's ped.ifp: 236 animations
  const MODEL = join(samplesDir, 'iii/player.dff');
  const dir = mkdtempSync(join(tmpdir(), 'gameanim-export-progress-'));
  const options = (out: string, progress: StartProgress): ExportOptions => ({
    out: join(dir, out),
    anims: [],
    gltf: false,
    force: false,
    progress,
  });

  it('on a terminal: one step per clip, in order, and the bar ends at the count and is cleared', async () => {
    const names = new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).animations.map((a) => a.name);
    expect(names.length).toBe(236);
    const terminal = recordingStream(true);
    const counted = countedProgress(terminal);
    const lines: string[] = [];
    const result = await exportCommand(MODEL, [PED], options('ped.glb', counted.progress), (line) => lines.push(line));
    expect(result.inputErrors).toEqual([]);
    expect(counted.totals).toEqual([236]);
    expect(counted.steps).toEqual(names);
    expect(counted.stops()).toBe(1);
    // The last frame drawn shows every clip done; clearing it leaves no bar behind the result lines.
    const frames = terminal
      .text()
      .split(/\r|\x1b\[\d*[GK]/)
      .filter((frame) => frame.includes('converting ['));
    expect(frames.at(-1)).toContain('236/236');
    expect(terminal.text().endsWith('\x1b[?25h\x1b[?7h\x1b8\x1b[1G\x1b[2K')).toBe(true); // cursor shown, bar line cleared
    expect(lines[0]).toBe(`${join(dir, 'ped.glb')}: 230 animations on 17 bones, 16 meshes`); // 6 clips drive none of its bones
  }, 120_000);

  it('not on a terminal: every clip is still a step, and nothing is written to the stream', async () => {
    const piped = recordingStream(false);
    const counted = countedProgress(piped);
    const result = await exportCommand(MODEL, [PED], options('piped.glb', counted.progress), () => {});
    expect(result.inputErrors).toEqual([]);
    expect(counted.steps.length).toBe(236);
    expect(piped.text()).toBe('');
  }, 120_000);
});
