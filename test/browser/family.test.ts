// The family in the viewer (headless Chromium): a skinned GTA III ped plays III's clips; a clip that
// drives nothing says so; a cutscene's models play together on one clock.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, poseToMatrices, sampleClip } from '../../src/index.js';
import { fixture } from '../helpers/files.js';
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

/** The scene's files in a folder, each model named after its object (as a cutscene names them), and the cutscene IFP. */
function cutsceneFolder(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'gameanim-viewer-scene-'));
  const objects: Record<string, string> = { csped: 'dff-ped-5bone.dff', csgta3: 'dff-skinned-gta3.dff', csrigid: 'dff-rigid-ped.dff' };
  const files = Object.entries(objects).map(([name, file]) => {
    copyFileSync(fixturePath(file), join(dir, `${name}.dff`));
    return join(dir, `${name}.dff`);
  });
  copyFileSync(fixturePath('anpk-cutscene.ifp'), join(dir, 'cutscene.ifp'));
  return [...files, join(dir, 'cutscene.ifp')];
}

/** Each object's bone world positions as the library poses them at `time` (the viewer draws the game's Z up as is). */
function expectedPositions(time: number): number[][][] {
  const clips = new IFPReader(fixture('anpk-cutscene.ifp'));
  return [
    ['dff-ped-5bone.dff', 'csped'],
    ['dff-skinned-gta3.dff', 'csgta3'],
    ['dff-rigid-ped.dff', 'csrigid'],
  ].map(([file, name]) => {
    const skeleton = new DFFReader(fixture(file!)).skeleton!;
    const pose = createPose(skeleton);
    sampleClip(bindClip(clips.getAnimation(name!)!, skeleton), time, pose);
    const world = poseToMatrices(pose, skeleton);
    return Array.from({ length: skeleton.boneCount }, (_, bone) => [12, 13, 14].map((k) => world[16 * bone + k]!));
  });
}

describeWith([CHROMIUM], 'a cutscene in the viewer (headless Chromium)', { timeout: TEST_LIMIT }, () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()), WAIT);
  afterAll(() => closeChromium(browser), WAIT);

  it('three models of three skeletons play the cutscene IFP together on one clock: each pose as the library samples it at two times, all in view', async () => {
    await withViewer(browser, cutsceneFolder(), async (page, errors) => {
      await page.waitForFunction(() => (window as unknown as { viewer: { scene: { actors: unknown[] } | null } }).viewer.scene?.actors.length === 3, null, { timeout: WAIT });
      expect(await page.locator('#message').textContent()).toMatch(/^Scene cutscene\.ifp: 3 objects on one clock/);
      const seen: number[][][][] = [];
      for (const time of [0.5, 1.5]) {
        await page.evaluate((at) => {
          const scrub = document.querySelector('#scrub') as HTMLInputElement;
          scrub.value = String(at);
          scrub.dispatchEvent(new Event('input'));
        }, time);
        await page.waitForFunction((label) => document.querySelector('#clock')?.textContent === label, `${time.toFixed(3)} s`, { timeout: WAIT });
        const actors = await page.evaluate(() => (window as unknown as { viewerScene: { actorBonePositions: Array<Array<{ position: number[] }>> } }).viewerScene.actorBonePositions);
        const drawn = actors.map((bones) => bones.map((bone) => bone.position));
        const expected = expectedPositions(time);
        expect(drawn.map((bones) => bones.length)).toEqual(expected.map((bones) => bones.length));
        drawn.forEach((bones, actor) => bones.forEach((at, bone) => at.forEach((v, c) => expect(v, `object ${actor} bone ${bone} at ${time} s`).toBeCloseTo(expected[actor]![bone]![c]!, 4))));
        seen.push(drawn);
      }
      // Every object moved between the two times: one clock drives them all.
      for (let actor = 0; actor < 3; actor++) {
        const moved = Math.max(...seen[0]![actor]!.map((at, bone) => Math.hypot(...at.map((v, c) => v - seen[1]![actor]![bone]![c]!))));
        expect(moved, `object ${actor}`).toBeGreaterThan(1e-3);
      }
      // The camera frames the whole scene: every bone of every object projects inside the canvas.
      const outside = await page.evaluate(() => {
        const view = (
          window as unknown as { viewerScene: { actorBonePositions: Array<Array<{ position: number[] }>>; projectPoint(p: number[]): { x: number; y: number; width: number; height: number } } }
        ).viewerScene;
        return view.actorBonePositions.flat().filter(({ position }) => {
          const { x, y, width, height } = view.projectPoint(position);
          return !(x >= 0 && x <= width && y >= 0 && y <= height);
        }).length;
      });
      expect(outside).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
