// The viewer's retarget panel in a real browser: a Mixamo-named GLB rig (built by the retarget tests'
// helpers from walk_player) and a sample skin, preloaded by `gameanim view`. The panel's numbers are
// those of `gameanim retarget --json` for the same files (one decimal as the command prints them, the
// exact value kept on the cell), and the source skeleton drawn beside the ped stands, at two times set
// with the timeline, where the library places the source's joints at those times.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DFFReader, IFPReader } from '../../src/index.js';
import { placeJoints, readSourceRig, retargetRig, RigSampler, type ClipQuality } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { foreignRig } from '../retarget/foreign-rigs.js';
import { chromiumPath, haveChromium, launchChromium, root, withViewer, CHROMIUM, TEST_LIMIT, WAIT } from './viewer-helpers.js';

interface PanelTable {
  animation: string;
  caption: string;
  cells: Record<string, { text: string; value?: string }>;
  warnings: string[];
}

/** Runs in the page: each table of the retarget panel, its cells by field. */
const readPanel = (page: Page) =>
  page.evaluate((): { hidden: boolean; tables: PanelTable[] } => ({
    hidden: (document.getElementById('retarget-section') as HTMLElement).hidden === true,
    tables: [...document.querySelectorAll<HTMLTableElement>('#retarget-quality table')].map((table) => ({
      animation: table.dataset['animation']!,
      caption: table.querySelector('caption')!.textContent!,
      cells: Object.fromEntries(
        [...table.querySelectorAll<HTMLElement>('[data-field]')].map((cell) => [
          cell.dataset['field']!,
          { text: cell.textContent!, value: cell.dataset['value'] },
        ]),
      ),
      warnings: [...table.querySelectorAll<HTMLElement>('[data-field="warning"]')].map((cell) => cell.textContent!),
    })),
  }));

/** Sets the time with the timeline (pausing), then polls until the source's lines are posed at it: where each joint was drawn. */
async function drawnAt(page: Page, time: number): Promise<number[]> {
  await page.evaluate((t) => {
    const scrub = document.getElementById('scrub') as HTMLInputElement;
    scrub.value = String(t);
    scrub.dispatchEvent(new Event('input'));
  }, time);
  await page.waitForFunction(
    (t) => (window as unknown as { viewerRetarget: { state: { posedAt: number | null } } }).viewerRetarget.state.posedAt === t,
    time,
    { timeout: WAIT, polling: 100 },
  );
  return page.evaluate(() => (window as unknown as { viewerRetarget: { state: { drawn: number[] } } }).viewerRetarget.state.drawn);
}

describeWith(
  [CHROMIUM, SAMPLES],
  `the viewer's retarget panel (${haveChromium ? chromiumPath : 'no chromium'}; samples at ${samplesDir})`,
  () => {
    let browser: Browser;
    beforeAll(async () => void (browser = await launchChromium()));
    afterAll(() => browser?.close());

    it(
      "shows the numbers of `retarget --json`, and draws the source's joints where the library places them at each time",
      async () => {
        const skin = join(samplesDir, 'dff/sa_skin_plain.dff');
        const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
        const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
        const bytes = await foreignRig(skeleton, walk, { names: 'mixamo', pose: 'rest', scale: 115, rate: 30 });
        const scratch = mkdtempSync(join(tmpdir(), 'gameanim-retarget-panel-'));
        const rigFile = join(scratch, 'mocap.glb');
        writeFileSync(rigFile, bytes);
        // The command's report for the same files, at its defaults (the viewer's).
        const run = spawnSync(
          process.execPath,
          [join(root, 'packages/cli/dist/src/cli/main.js'), 'retarget', rigFile, '--to', skin, '-o', join(scratch, 'mocap.ifp'), '--json'],
          {
            cwd: root,
            encoding: 'utf8',
            timeout: WAIT,
          },
        );
        expect(run.stderr).toBe('');
        const quality: ClipQuality[] = JSON.parse(run.stdout).quality;
        expect(quality.map((q) => q.animation)).toEqual([walk.name]);
        // Where the library places the source's joints: what the lines must be drawn at, a metre to the ped's right (+X).
        const rig = await readSourceRig(bytes, 'mocap');
        const { placement } = retargetRig(rig, { skeleton, packageName: 'mocap' });
        const sampler = new RigSampler(rig, rig.clips[0]!);
        const expected = (time: number) => Array.from(placeJoints(sampler.worlds(time), placement), (v, i) => (i % 3 === 0 ? v + 1 : v));

        await withViewer(browser, [skin, rigFile], async (page, errors) => {
          await page.waitForFunction(
            () =>
              document.querySelectorAll('#retarget-quality table').length > 0 ||
              (window as unknown as { viewerRetarget: { state: { error: string | null } } }).viewerRetarget.state.error !== null,
            null,
            {
              timeout: WAIT,
              polling: 200,
            },
          );
          const panel = await readPanel(page);
          expect(panel.hidden).toBe(false);
          expect(panel.tables.map((t) => t.animation)).toEqual(quality.map((q) => q.animation));
          for (const [i, q] of quality.entries()) {
            const { caption, cells, warnings } = panel.tables[i]!;
            expect(caption).toBe(`mocap.glb: "${q.animation}", degrees over ${q.ticks} ticks`);
            for (const part of ['limbs', 'torso'] as const) {
              for (const which of ['median', 'p95', 'worst'] as const) {
                // As the command prints it; the value kept on the cell is the document's to the last bits
                // Chromium's and Node's own Math.atan2 may differ by (an ulp or so).
                const cell = cells[`${part}.${which}`]!;
                expect(cell.text).toBe(q[part][which].toFixed(1));
                expect(Number(cell.value)).toBeCloseTo(q[part][which], 9);
              }
              expect(cells[`${part}.worstAt`]!.text).toBe(q[part].worstAt);
            }
            expect(cells['facing']!.text).toBe(`within ${q.facing.toFixed(1)}`);
            expect(Number(cells['facing']!.value)).toBeCloseTo(q.facing, 9);
            expect(cells['reference']!.text).toBe(q.reference);
            expect(warnings).toEqual(q.warnings);
            console.log(`retarget panel: ${JSON.stringify(cells)}`);
          }
          // The reference and the measure are real: a rig in the skin's rest, within a degree.
          expect(quality[0]!.reference).toMatch(/^the rest \(/);
          expect(quality[0]!.limbs.p95).toBeLessThan(1);

          // The source skeleton at two times: each joint where the library places it, and it walks.
          const times = [0.25, 0.75];
          const drawn = [];
          for (const time of times) {
            const shown = await drawnAt(page, time);
            const want = expected(time);
            expect(shown).toHaveLength(3 * rig.names.length);
            const off = Math.max(...shown.map((v, k) => Math.abs(v - want[k]!)));
            expect(off).toBeLessThan(1e-6);
            drawn.push(shown);
          }
          const hips = (at: number[]) => at.slice(3 * placement.hips, 3 * placement.hips + 3);
          const travel = hips(drawn[1]!)[1]! - hips(drawn[0]!)[1]!;
          console.log(
            `source hips drawn at ${hips(drawn[0]!).map((v) => v.toFixed(3))} then ${hips(drawn[1]!).map((v) => v.toFixed(3))}: ${travel.toFixed(3)} m forward`,
          );
          expect(travel).toBeGreaterThan(0.2);
          expect(errors).toEqual([]);
        });
      },
      TEST_LIMIT,
    );
  },
);
