// What the viewer shows of the game's playback, in headless Chromium: a partial clip layered over a
// base stands as the game shows it, and a moving clip stays in view. Frames are stepped with the
// frame controls and states polled, never timed.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { samplesDir, SAMPLES } from '../helpers/files.js';
import { chromiumPath, haveChromium, launchChromium, withViewer, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

type Bones = Array<{ name: string; position: number[] }>;
interface Hooks {
  viewerScene: { boneWorldPositions: Bones; projectedMover: { x: number; y: number; width: number; height: number } };
}

const bones = (page: Page) => page.evaluate(() => (window as unknown as Hooks).viewerScene.boneWorldPositions);
const heightOf = (all: Bones, name: string) => all.find((bone) => bone.name.trim() === name)!.position[2]!;

/** Pauses at 0 and waits until the clock says so (the pose is sampled and applied by then). */
async function pauseAtStart(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  if ((await page.textContent('#play')) === 'Pause') await page.click('#play');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#clock')!.textContent === '0.000 s', null, { timeout: 120_000 });
}

describeWith([CHROMIUM, SAMPLES], `the viewer's playback in headless Chromium (${haveChromium ? chromiumPath : 'not found'})`, () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()));
  afterAll(() => browser?.close());

  it('a partial clip (python_fire, 15 of 32 bones) plays over an idle of the skeleton: the head above the pelvis above the feet', async () => {
    const files = [
      join(samplesDir, 'dff/sa_skin_plain.dff'),
      join(samplesDir, 'rwparserng_ped_anp3.ifp'),
      join(samplesDir, 'sa_python_anp3.ifp'),
    ];
    await withViewer(browser, files, async (page, errors) => {
      await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
      await page.locator('#animations li[data-clip]', { hasText: 'python_fire' }).first().click();
      await page.waitForFunction(() => !(document.querySelector('#layering') as HTMLElement).hidden, null, { timeout: 120_000 });
      // The default base is the idle that drives every bone of the skeleton.
      expect(await page.locator('#base-clip option:checked').textContent()).toMatch(/^woman_idlestance /);
      for (const weight of ['1', '0.5']) {
        await page.locator('#layer-weight').fill(weight);
        await pauseAtStart(page);
        for (let frame = 0; frame < 40; frame += 8) {
          const all = await bones(page);
          const head = heightOf(all, 'Head'),
            pelvis = heightOf(all, 'Pelvis');
          const feet = Math.max(heightOf(all, 'L Foot'), heightOf(all, 'R Foot'));
          expect(head, `weight ${weight}, frame ${frame}`).toBeGreaterThan(pelvis + 0.3);
          expect(pelvis, `weight ${weight}, frame ${frame}`).toBeGreaterThan(feet + 0.5);
          for (let step = 0; step < 8; step++) await page.click('#frame-next');
          await page.waitForFunction((f) => document.querySelector('#frame')!.textContent!.startsWith(`frame ${f} /`), frame + 8, {
            timeout: 120_000,
          });
        }
      }
      // Alone (no base), the bones it lacks keep the bind pose: not what the game shows, but the choice is there.
      await page.selectOption('#base-clip', '-1');
      expect(errors).toEqual([]);
    });
  }, 300_000);

  for (const { label, files, clip } of [
    { label: 'SA run_player', files: ['dff/sa_skin_plain.dff', 'rwparserng_ped_anp3.ifp'], clip: 'run_player' },
    { label: 'GTA III sprint_civi', files: ['iii/player.dff', 'iii_pcanims_ped_anpk.ifp'], clip: 'sprint_civi' },
  ]) {
    it(`${label} stays in view in the side preset over 2 s of the clip, followed or played in place`, async () => {
      await withViewer(
        browser,
        files.map((file) => join(samplesDir, file)),
        async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
          await page.fill('#search', clip); // the list draws the rows in view only
          await page
            .locator('#animations li[data-clip]', { hasText: new RegExp(`^${clip} `) })
            .first()
            .click();
          for (const mode of ['follow', 'in place'] as const) {
            if (mode === 'in place') {
              await page.uncheck('#follow');
              await page.check('#in-place');
            }
            await pauseAtStart(page);
            await page.click('#view-side');
            let travelled = 0;
            let last: number[] | null = null;
            for (let frame = 1; frame <= 120; frame++) {
              // The frame label and the pose change in the same frame of the page's loop.
              const before = await page.textContent('#frame');
              await page.click('#frame-next');
              await page.waitForFunction((label) => document.querySelector('#frame')!.textContent !== label, before, { timeout: 120_000 });
              const at = await page.evaluate(() => (window as unknown as Hooks).viewerScene.projectedMover);
              expect(at.x, `${mode}, frame ${frame}`).toBeGreaterThanOrEqual(0);
              expect(at.x, `${mode}, frame ${frame}`).toBeLessThanOrEqual(at.width);
              expect(at.y, `${mode}, frame ${frame}`).toBeGreaterThanOrEqual(0);
              expect(at.y, `${mode}, frame ${frame}`).toBeLessThanOrEqual(at.height);
              if (last) travelled += Math.hypot(at.x - last[0]!, at.y - last[1]!);
              last = [at.x, at.y];
            }
            console.log(
              `viewer: ${label}, ${mode}: the moving bone stayed on the canvas over 120 frames (${travelled.toFixed(0)} px of on-screen travel)`,
            );
          }
          expect(errors).toEqual([]);
        },
      );
    }, 600_000);
  }
});
