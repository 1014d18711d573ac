// The family in the viewer (headless Chromium): a skinned GTA III ped plays III's clips; a clip that
// drives nothing says so.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../helpers/needs.js';
import { closeChromium, launchChromium, root, TEST_LIMIT, WAIT, withViewer, CHROMIUM } from './viewer-helpers.js';

const fixturePath = (name: string) => join(root, 'fixtures', name);

describeWith([CHROMIUM], 'the family in the viewer (headless Chromium)', { timeout: TEST_LIMIT }, () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()), WAIT);
  afterAll(() => closeChromium(browser), WAIT);

  it("a skinned GTA III ped plays III's run_civi on the bones it names; a clip that drives nothing says so", async () => {
    await withViewer(browser, [fixturePath('dff-skinned-gta3.dff'), fixturePath('anpk-gta3.ifp')], async (page, errors) => {
      await page.waitForFunction(() => (document.querySelector('#bones tbody')?.querySelectorAll('tr').length ?? 0) === 16, null, { timeout: WAIT });
      const matched = await page.locator('#bones tbody tr td:last-child', { hasText: 'matched' }).allTextContents();
      expect(matched).toHaveLength(2); // run_civi keys Swaist and Shead
      expect(await page.locator('#message').textContent()).toBe('');
      expect(errors).toEqual([]);
    });
    await withViewer(browser, [fixturePath('dff-prop.dff'), fixturePath('anpk-gta3.ifp')], async (page, errors) => {
      await expect.poll(() => page.locator('#message').textContent(), { timeout: WAIT }).toMatch(/^run_civi drives no bone of dff-prop\.dff: none of its 2 tracks finds a bone by id or name/);
      expect(errors).toEqual([]);
    });
  });
});
