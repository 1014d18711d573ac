// Retargeting in the viewer, in a real browser: a Mixamo-named GLB rig (made by the retarget tests'
// helpers from walk_player) and a sample skin, preloaded by `gameanim view`; both are drawn, the source
// as lines beside the ped, and Save .ifp downloads the retargeted package.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DFFReader, IFPReader, lintIFP } from '../../src/index.js';
import { retarget } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { foreignRig } from '../retarget/foreign-rigs.js';
import { chromiumPath, haveChromium, launchChromium, withViewer, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

interface Shown {
  retarget: { joints: number; segments: number; animations: string[]; quality: string[]; error: string | null };
  clip: string | null;
  drawn: boolean;
}

describeWith(
  [CHROMIUM, SAMPLES],
  `retargeting in the viewer (${haveChromium ? chromiumPath : 'no chromium'}; samples at ${samplesDir})`,
  () => {
    let browser: Browser;
    beforeAll(async () => void (browser = await launchChromium()));
    afterAll(() => browser?.close());

    it('a GLB rig and a skin: the ped plays the retargeted clip beside the source skeleton, and Save .ifp writes it', async () => {
      const skin = 'dff/sa_skin_plain.dff';
      const skeleton = new DFFReader(sample(skin)).skeleton!;
      const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
      const source = await foreignRig(skeleton, walk, { names: 'mixamo', pose: 'rest', scale: 115, rate: 30 });
      const rig = join(mkdtempSync(join(tmpdir(), 'gameanim-retarget-view-')), 'mocap.glb');
      writeFileSync(rig, source);
      const expected = (await retarget(source, { skeleton, packageName: 'mocap' })).packages[0]!.animations[0]!;

      await withViewer(browser, [join(samplesDir, skin), rig], async (page, errors) => {
        const state = () =>
          page.evaluate((): Shown => {
            const w = window as unknown as {
              viewerRetarget: { state: Shown['retarget'] };
              viewer: { clip: { name: string } | null };
              viewerScene: { hasSkeleton: boolean; renders: number };
            };
            return {
              retarget: w.viewerRetarget.state,
              clip: w.viewer.clip?.name ?? null,
              drawn: w.viewerScene.hasSkeleton && w.viewerScene.renders > 0,
            };
          });
        // Both drawn: the ped playing the retargeted clip, and the source's bones as lines.
        await page.waitForFunction(
          () => {
            const w = window as unknown as {
              viewerRetarget: { state: { segments: number; error: string | null } };
              viewer: { clip: unknown };
              viewerScene: { hasSkeleton: boolean };
            };
            return (
              (w.viewerRetarget.state.segments > 0 || w.viewerRetarget.state.error !== null) &&
              w.viewer.clip !== null &&
              w.viewerScene.hasSkeleton
            );
          },
          null,
          { timeout: 60_000, polling: 200 },
        );
        const shown = await state();
        console.log(`viewer retarget: ${JSON.stringify(shown)}`);
        expect(shown.retarget.error).toBeNull();
        expect(shown.retarget.animations).toEqual([walk.name]);
        // The quality report, as the command prints it, in the problems panel too.
        expect(shown.retarget.quality).toHaveLength(1);
        expect(shown.retarget.quality[0]).toMatch(
          /^"WALK_player" against the source, degrees over 73 ticks: limbs median 0\.\d, p95 0\.\d, .*; reference: the rest \(/,
        );
        expect(await page.locator('#problems', { hasText: 'against the source' }).count()).toBe(1);
        expect(shown.clip).toBe(walk.name);
        // The rig's joints below its ground node, each a line from its parent.
        expect(shown.retarget.segments).toBe(shown.retarget.joints - 2);
        expect(await page.locator('#file-list li', { hasText: 'mocap.ifp' }).count()).toBe(1);

        const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#save-ifp')]);
        expect(saved.suggestedFilename()).toBe('mocap.ifp');
        const bytes = new Uint8Array(readFileSync((await saved.path())!));
        expect(lintIFP(bytes).filter((f) => f.severity === 'error')).toEqual([]);
        const reader = new IFPReader(bytes);
        expect(reader.animations.map((a) => a.name)).toEqual([walk.name]);
        const tracks = reader.animations[0]!.bones;
        expect(tracks.map((t) => t.boneName)).toEqual(expected.bones.map((t) => t.boneName));
        expect(tracks.map((t) => t.keyframeType)).toEqual(expected.bones.map((t) => t.keyframeType));
        expect(errors).toEqual([]);
      });
    }, 180_000);
  },
);
