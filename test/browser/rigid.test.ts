// Frame-bound models in the viewer (headless Chromium): a GTA III ped's rigid parts ride the frames
// III's ped.ifp animates, textured from its .txd; an IFP of object clips opened alone plays on a
// marked node per track.
import { join } from 'node:path';
import { decode as decodePng } from 'fast-png';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boneNameKey, IFPReader } from '../../src/index.js';
import { sample, samplesDir, samplesPresent, SAMPLES } from '../helpers/files.js';
import { canvasShot, closeChromium, launchChromium, TEST_LIMIT, WAIT, withViewer, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

interface SceneHooks {
  viewerScene: { meshPositions: number[][]; hasSkeleton: boolean };
  decodedTextures: number;
}

/** Pauses at `time` through the scrub bar, waits until the view shows it, and returns each mesh's world position. */
async function positionsAt(page: Page, time: number): Promise<number[][]> {
  await page.evaluate((at) => {
    const scrub = document.querySelector('#scrub') as HTMLInputElement;
    scrub.value = String(at);
    scrub.dispatchEvent(new Event('input'));
  }, time);
  await page.waitForFunction((label) => document.querySelector('#clock')?.textContent === label, `${time.toFixed(3)} s`, {
    timeout: 120_000,
  });
  return page.evaluate(() => (window as unknown as SceneHooks).viewerScene.meshPositions);
}

/** How many pixels of the 3D canvas are neither the dark background nor the grey grid. */
async function drawnPixels(page: Page): Promise<number> {
  const { data, channels } = decodePng(await canvasShot(page, '#scene'));
  let drawn = 0;
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i]!,
      g = data[i + 1]!,
      b = data[i + 2]!;
    // The background is 0x2a2d33, the grid lines 0x3a3a3a and 0x555555 blended into it: grey, and
    // never darker than the background. A model is coloured, bright, or (a dark suit) darker.
    const darker = r < 0x2a - 12 && g < 0x2d - 12 && b < 0x33 - 12;
    if (darker || Math.max(r, g, b) - Math.min(r, g, b) > 24 || (r + g + b) / 3 > 0x60) drawn++;
  }
  return drawn;
}

describeWith(
  [CHROMIUM, SAMPLES],
  `frame-bound models in the viewer (headless Chromium; ${samplesPresent ? 'samples present' : `no samples at ${samplesDir}`})`,
  { timeout: TEST_LIMIT },
  () => {
    let browser: Browser;
    beforeAll(async () => void (browser = await launchChromium()), WAIT);
    afterAll(() => closeChromium(browser), WAIT);

    // gang01, not player: the game draws the player with the skin the menu picks (re3
    // CVisibilityPlugins::RenderPlayerCB), so player.dff names a texture ('player-new') player.txd lacks.
    it("GTA III's gang01.dff (its .txd found beside it) on ped.ifp's walk_player: 16 textured parts drawn, posed differently at two times", async () => {
      const files = [join(samplesDir, 'iii/gang01.dff'), join(samplesDir, 'iii_pcanims_ped_anpk.ifp')];
      await withViewer(
        browser,
        files,
        async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
          // The list draws the rows in view only: the search brings walk_player (row 130 or so) to the top.
          await page.fill('#search', 'walk_player');
          await page.locator('#animations li[data-clip]', { hasText: /^walk_player / }).click();
          // The panels open on a bone the clip keys, not the clump's frame: the curves draw, with no "No keys".
          await expect.poll(() => page.locator('#curves-message').isHidden(), { timeout: 120_000 }).toBe(true);
          expect(await page.locator('#bones tbody tr.selected').count()).toBe(1);
          expect(await page.locator('#bones tbody tr').first().getAttribute('class')).not.toContain('selected');
          const early = await positionsAt(page, 0.2);
          const late = await positionsAt(page, 0.6);
          expect(early).toHaveLength(16);
          const moved = Math.max(...early.map((at, i) => Math.hypot(...at.map((v, c) => v - late[i]![c]!))));
          console.log(`viewer: III gang01 on walk_player, largest part movement between 0.2 s and 0.6 s ${moved.toFixed(3)} m`);
          expect(moved).toBeGreaterThan(0.05);
          expect(await page.evaluate(() => (window as unknown as SceneHooks).decodedTextures)).toBeGreaterThan(0);
          // Drawn: a textured ped covers far more than the skeleton lines alone (about 1,700 pixels).
          await expect.poll(() => drawnPixels(page), { timeout: 120_000 }).toBeGreaterThan(5000);
          console.log(`viewer: III gang01 on walk_player, ${await drawnPixels(page)} pixels drawn over the background`);
          // The README's screenshot: written only when asked, so a test run never changes tracked files.
          if (process.env['VIEWER_III_SCREENSHOT']) await page.screenshot({ path: process.env['VIEWER_III_SCREENSHOT'] });
          expect(errors).toEqual([]);
        },
        { width: 1280, height: 720 },
      );
    });

    it("GTA III's gang01 running: no skeleton line to the clump's frame at the origin; a partial clip over the ped's idle_stance; a new URL hash switches the clip", async () => {
      const files = [join(samplesDir, 'iii/gang01.dff'), join(samplesDir, 'iii_pcanims_ped_anpk.ifp')];
      await withViewer(browser, files, async (page, errors) => {
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
        await page.fill('#search', 'run_player');
        await page.locator('#animations li[data-clip]', { hasText: /^run_player / }).click();
        await positionsAt(page, 0.6);
        // The bones' lines are a body's (the longest, a thigh, about 0.4 m), never the waist's run away from the origin.
        const lines = await page.evaluate(
          () => (window as unknown as { viewerScene: { skeletonLineLengths: number[] } }).viewerScene.skeletonLineLengths,
        );
        expect(lines.length).toBe(15);
        expect(Math.max(...lines)).toBeLessThan(0.6);
        // FUCKU drives 9 of the ped's 16 animated frames: it opens over idle_stance, the ped's own idle, not FIGHT2IDLE.
        await page.fill('#search', 'FUCKU');
        await page.locator('#animations li[data-clip]', { hasText: /^FUCKU / }).click();
        await page.waitForFunction(() => !(document.querySelector('#layering') as HTMLElement).hidden, null, { timeout: 120_000 });
        expect(await page.locator('#base-clip option:checked').textContent()).toMatch(/^idle_stance /);
        // The address edited on the open page: its clip shows, at its time.
        await page.evaluate(() => void (location.hash = '#file=iii_pcanims_ped_anpk.ifp&anim=walk_player&t=0.250'));
        await page.waitForFunction(
          () =>
            document.querySelector('#clock')?.textContent === '0.250 s' &&
            (window as unknown as { viewer: { clip: { name: string } | null } }).viewer.clip?.name === 'walk_player',
          null,
          { timeout: 120_000 },
        );
        expect(await page.locator('#layering').isHidden()).toBe(true);
        expect(errors).toEqual([]);
      });
    });

    it("an SA object's clips (vegasN) opened without a model play on one marked node per track name", async () => {
      const clips = new IFPReader(sample('sa_vegasn_anp3.ifp')).animations;
      const names = [
        ...new Map(
          clips.flatMap((clip) => clip.tracks.map((track) => [boneNameKey(track.boneName), track.boneName.trim()] as const)),
        ).values(),
      ];
      await withViewer(browser, [join(samplesDir, 'sa_vegasn_anp3.ifp')], async (page, errors) => {
        await page.waitForFunction(() => (window as unknown as SceneHooks).viewerScene.hasSkeleton, null, { timeout: 120_000 });
        const rows = await page.locator('#bones tbody tr td:nth-child(3)').allTextContents();
        expect(rows.map((name) => JSON.parse(name).trim())).toEqual(names);
        expect(await page.locator('#message').textContent()).toMatch(/No model/);
        await page.waitForFunction((count) => (window as unknown as SceneHooks).viewerScene.meshPositions.length === count, names.length, {
          timeout: 120_000,
        });
        await expect.poll(() => drawnPixels(page), { timeout: 120_000 }).toBeGreaterThan(100);
        expect(errors).toEqual([]);
      });
    });
  },
);
