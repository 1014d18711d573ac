// The viewer's layout and size on real screens, in headless Chromium: the play controls, the timeline
// and the 3D view inside the window at 1280x720 after a resize from 1920x1080 and on a 390x844 phone
// (its panels behind a toggle); the DOM small with 2,000 animations open; and the problems that mean
// something (a retail file's lint notes are not problems). Counts and boxes only, nothing timed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lintIFP, summarizeLint } from '../../src/index.js';
import { fixture, sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { largePackage } from '../../bench/viewer-browser.js';
import { chromiumPath, haveChromium, launchChromium, root, withViewer, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

const PED = ['dff/sa_skin_plain.dff', 'rwparserng_ped_anp3.ifp'];

/** Each element's box, and whether it lies inside the viewport. */
async function boxes(page: Page, selectors: string[]) {
  const viewport = page.viewportSize()!;
  const found: Record<string, { x: number; y: number; width: number; height: number; inside: boolean }> = {};
  for (const selector of selectors) {
    const box = (await page.locator(selector).boundingBox())!;
    found[selector] = {
      ...box,
      inside: box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5,
    };
  }
  return found;
}

describeWith([CHROMIUM, SAMPLES], `the viewer's layout in headless Chromium (${haveChromium ? chromiumPath : 'not found'})`, () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()));
  afterAll(() => browser?.close());

  it('at 1280x720 after a resize from 1920x1080, Play, the timeline and the 3D view are inside the window', async () => {
    await withViewer(
      browser,
      PED.map((file) => join(samplesDir, file)),
      async (page, errors) => {
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
        for (const size of [
          { width: 1920, height: 1080 },
          { width: 1280, height: 720 },
          { width: 2560, height: 1440 },
          { width: 1280, height: 720 },
        ]) {
          await page.setViewportSize(size);
          // A resize lays out in the next frame: wait for the canvas to take its new size.
          await page.waitForFunction(
            () => {
              const canvas = document.querySelector('#scene') as HTMLCanvasElement;
              return canvas.width === canvas.clientWidth && canvas.height === canvas.clientHeight;
            },
            null,
            { timeout: 120_000 },
          );
          const found = await boxes(page, ['#play', '#frame-next', '#timeline', '#scrub', '#scene', '#animation-scroll']);
          for (const [selector, box] of Object.entries(found))
            expect(box.inside, `${selector} at ${size.width}x${size.height}: ${JSON.stringify(box)}`).toBe(true);
          expect(found['#scene']!.height).toBeGreaterThan(200);
        }
        await page.locator('#animations li[data-clip]', { hasText: 'walk_player' }).click();
        await page.click('#play');
        if (process.env['VIEWER_DESKTOP_SCREENSHOT']) await page.screenshot({ path: process.env['VIEWER_DESKTOP_SCREENSHOT'] });
        expect(errors).toEqual([]);
      },
      { width: 1920, height: 1080 },
    );
  }, 300_000);

  it('on a 390x844 phone the 3D view keeps the width, Play and the timeline are in view, and the panels open with their toggle', async () => {
    await withViewer(
      browser,
      PED.map((file) => join(samplesDir, file)),
      async (page, errors) => {
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
        const found = await boxes(page, ['#play', '#timeline', '#scene', '#panels-toggle']);
        for (const [selector, box] of Object.entries(found)) expect(box.inside, `${selector}: ${JSON.stringify(box)}`).toBe(true);
        expect(found['#scene']!.width).toBeGreaterThanOrEqual(300);
        expect(found['#scene']!.height).toBeGreaterThan(200);
        expect(await page.locator('#left').isVisible()).toBe(false);
        await page.click('#panels-toggle');
        await page.locator('#animations li[data-clip]', { hasText: 'run_player' }).click();
        // Choosing an animation closes the panels again, and it plays.
        await page.waitForFunction(
          () =>
            !document.body.classList.contains('panels-open') &&
            (window as unknown as { viewer: { clip: { name: string } | null } }).viewer.clip?.name === 'run_player',
          null,
          { timeout: 120_000 },
        );
        expect((await boxes(page, ['#scene']))['#scene']!.width).toBeGreaterThanOrEqual(300);
        if (process.env['VIEWER_PHONE_SCREENSHOT']) await page.screenshot({ path: process.env['VIEWER_PHONE_SCREENSHOT'] });
        expect(errors).toEqual([]);
      },
      { width: 390, height: 844 },
    );
  }, 300_000);

  it('with 2,000 animations open the page holds at most 5,000 DOM nodes, and the list scrolls to the last one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gameanim-large-')), 'large.ifp');
    writeFileSync(file, largePackage());
    await withViewer(browser, [join(samplesDir, 'dff/sa_skin_plain.dff'), file], async (page, errors) => {
      await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
      const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      console.log(`viewer: ${nodes} DOM nodes with 2,000 animations open`);
      expect(nodes).toBeLessThanOrEqual(5000);
      await page.fill('#search', 'anim_1999');
      await page.locator('#animations li[data-clip]', { hasText: 'anim_1999' }).click();
      await page.fill('#search', '');
      await page.locator('#animation-scroll').evaluate((element) => (element.scrollTop = element.scrollHeight));
      await page.waitForFunction(
        () => [...document.querySelectorAll('#animations li')].some((item) => item.textContent?.startsWith('anim_1999 ')),
        null,
        { timeout: 120_000 },
      );
      expect(errors).toEqual([]);
    });
  }, 300_000);

  it('a retail file shows no problem in the header (its lint findings are notes), and the severity filter lists its notes on demand', async () => {
    const findings = lintIFP(sample('rwparserng_ped_anp3.ifp'));
    const summary = summarizeLint(findings);
    expect(summary.errors + summary.warnings).toBe(0);
    expect(summary.notes).toBeGreaterThan(0);
    // The IFP alone: the sample skins are custom, and a custom skin's DFF warning is a problem.
    await withViewer(browser, [join(samplesDir, 'rwparserng_ped_anp3.ifp')], async (page, errors) => {
      await page.waitForFunction(
        (notes) => document.querySelector('#problem-count')?.textContent === `no problems; ${notes === 1 ? '1 note' : `${notes} notes`}`,
        summary.notes,
        { timeout: 120_000 },
      );
      expect(await page.locator('#problems li').count()).toBe(0);
      await page.selectOption('#problem-severity', 'note');
      await page.waitForFunction(() => document.querySelectorAll('#problems li.group').length > 0, null, { timeout: 120_000 });
      const groups = await page.locator('#problems li.group').allTextContents();
      expect(groups.sort()).toEqual(summary.codes.map((c) => `rwparserng_ped_anp3.ifp: ${c.count} ${c.code} (note)`).sort());
      expect(errors).toEqual([]);
    });
    // A file with errors still counts them.
    await withViewer(browser, [join(root, 'fixtures/anp3-all-types.ifp')], async (page) => {
      const counted = summarizeLint(lintIFP(fixture('anp3-all-types.ifp')));
      const expected = counted.errors + counted.warnings;
      await page.waitForFunction(
        (n) => document.querySelector('#problem-count')?.textContent?.startsWith(n ? `${n} problems` : 'no problems'),
        expected,
        { timeout: 120_000 },
      );
    });
  }, 300_000);
});
