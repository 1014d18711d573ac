// The compare panel in headless Chromium: a ghost playing one clip over the main model playing
// another, and two models (an SA skin and a GTA III ped) at once, each with a clip of its game.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { samplesDir, samplesPresent, SAMPLES } from '../helpers/files.js';
import { chromiumPath, haveChromium, launchChromium, withViewer, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

interface ActorHook {
  label: string;
  place: string;
  clip: string;
  matched: number;
  positions: number[][];
  x: number;
}
type Hooks = { compare: { actors(): ActorHook[]; mainPositions(): number[][] }; viewer: { clip: { name: string } | null } };

const clip = (page: Page, name: string) => page.locator('#animations li[data-clip]', { hasText: new RegExp(`^${name} `, 'i') });

describeWith(
  [CHROMIUM, SAMPLES],
  `compare in headless Chromium (${haveChromium ? chromiumPath : 'no Chromium'}; ${samplesPresent ? 'samples present' : `no samples at ${samplesDir}`})`,
  () => {
    let browser: Browser;
    beforeAll(async () => void (browser = await launchChromium()));
    afterAll(() => browser?.close());

    it('a ghost of walk_player over run_player: two skeletons at the same place, posed differently', async () => {
      await withViewer(
        browser,
        [join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')],
        async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
          await clip(page, 'walk_player').click();
          await page.click('#compare-ghost');
          await clip(page, 'run_player').click();
          // Polled: the two poses are read in one frame, and differ somewhere by more than 5 cm.
          const spread = await page.waitForFunction(
            () => {
              const w = window as unknown as Hooks;
              const [ghost] = w.compare.actors();
              const main = w.compare.mainPositions();
              if (!ghost || w.viewer.clip?.name.toLowerCase() !== 'run_player' || main.length !== ghost.positions.length) return false;
              const apart = Math.max(
                ...main.map((p, i) =>
                  Math.hypot(p[0]! - ghost.positions[i]![0]!, p[1]! - ghost.positions[i]![1]!, p[2]! - ghost.positions[i]![2]!),
                ),
              );
              return apart > 0.05 && { apart, bones: main.length, ghost };
            },
            null,
            { timeout: 120_000 },
          );
          const { apart, bones, ghost } = (await spread.jsonValue()) as { apart: number; bones: number; ghost: ActorHook };
          console.log(`compare: ghost ${ghost.clip} and main run_player, ${bones} bones each, furthest apart ${apart.toFixed(3)} m`);
          expect(ghost).toMatchObject({ place: 'ghost', x: 0, matched: 32 });
          expect(ghost.clip.toLowerCase()).toBe('walk_player');
          expect(errors).toEqual([]);
        },
      );
    }, 240_000);

    it('original as ghost: walk_player as opened against the same clip sped up twice', async () => {
      await withViewer(
        browser,
        [join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')],
        async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
          await clip(page, 'walk_player').click();
          await page.fill('#edit-value', '2');
          await page.click('#edit-speed');
          await page.click('#compare-original');
          const handle = await page.waitForFunction(
            () => {
              const w = window as unknown as Hooks & { viewer: { clip: { duration: number } } };
              const [ghost] = w.compare.actors();
              const main = w.compare.mainPositions();
              if (!ghost || main.length !== ghost.positions.length) return false;
              const apart = Math.max(
                ...main.map((p, i) =>
                  Math.hypot(p[0]! - ghost.positions[i]![0]!, p[1]! - ghost.positions[i]![1]!, p[2]! - ghost.positions[i]![2]!),
                ),
              );
              return apart > 0.05 && { apart, ghost, edited: w.viewer.clip.duration };
            },
            null,
            { timeout: 120_000 },
          );
          const { apart, ghost, edited } = (await handle.jsonValue()) as { apart: number; ghost: ActorHook; edited: number };
          console.log(`compare: ${ghost.label} against the edit (duration ${edited.toFixed(3)} s), furthest apart ${apart.toFixed(3)} m`);
          expect(ghost.label).toContain('as opened');
          expect(ghost.place).toBe('ghost');
          expect(errors).toEqual([]);
        },
      );
    }, 240_000);

    it('all models: an SA skin beside a GTA III ped, each playing a clip of its own game', async () => {
      const files = ['dff/sa_skin_plain.dff', 'iii/gang01.dff', 'rwparserng_ped_anp3.ifp', 'iii_pcanims_ped_anpk.ifp'].map((name) =>
        join(samplesDir, name),
      );
      await withViewer(browser, files, async (page, errors) => {
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
        // The main view shows the last model opened (gang01), with III's walk_player.
        // The list is virtualised and opens scrolled to the opening clip (idle_stance): search, as a user would.
        await page.fill('#search', 'walk_player');
        await clip(page, 'walk_player').last().click();
        await page.click('#compare-models');
        const handle = await page.waitForFunction(
          () => {
            const w = window as unknown as Hooks;
            const actors = w.compare.actors();
            const main = w.compare.mainPositions();
            return actors.length === 1 && main.length > 0 && { actor: actors[0]!, main };
          },
          null,
          { timeout: 120_000 },
        );
        const { actor, main } = (await handle.jsonValue()) as { actor: ActorHook; main: number[][] };
        const meanX = (points: number[][]) => points.reduce((sum, p) => sum + p[0]!, 0) / points.length;
        console.log(
          `compare: ${actor.label} (${actor.matched} bones driven) beside gang01.dff (${main.length} frames); mean x ${meanX(actor.positions).toFixed(2)} vs ${meanX(main).toFixed(2)} m`,
        );
        expect(actor.label).toContain('sa_skin_plain.dff');
        expect(actor.place).toBe('beside');
        // The SA clip on the SA skin (bound by bone id): most of its 32 bones driven.
        expect(actor.matched).toBeGreaterThan(20);
        expect(actor.positions.every((p) => p.every(Number.isFinite))).toBe(true);
        expect(meanX(actor.positions) - meanX(main)).toBeGreaterThan(0.6);
        expect(errors).toEqual([]);
      });
    }, 240_000);
  },
);
