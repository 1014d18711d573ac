// The family in the viewer (headless Chromium): a skinned GTA III ped plays III's clips; a clip that
// drives nothing says so; a cutscene's models play together on one clock.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IFPReader,
  IMGEditor,
  poseToMatrices,
  sampleClip,
  writeIMG,
  type IMGEntryData,
} from '../../src/index.js';
import { fixture } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import {
  closeChromium,
  framesPass,
  launchChromium,
  openPage,
  root,
  startViewer,
  TEST_LIMIT,
  WAIT,
  withViewer,
  CHROMIUM,
} from './viewer-helpers.js';

const fixturePath = (name: string) => join(root, 'fixtures', name);

describeWith([CHROMIUM], 'the family in the viewer (headless Chromium)', { timeout: TEST_LIMIT }, () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()), WAIT);
  afterAll(() => closeChromium(browser), WAIT);

  it("a skinned GTA III ped plays III's run_civi on the bones it names; a clip that drives nothing says so", async () => {
    await withViewer(browser, [fixturePath('dff-skinned-gta3.dff'), fixturePath('anpk-gta3.ifp')], async (page, errors) => {
      await page.waitForFunction(() => (document.querySelector('#bones tbody')?.querySelectorAll('tr').length ?? 0) === 16, null, {
        timeout: WAIT,
      });
      const matched = await page.locator('#bones tbody tr td:last-child', { hasText: 'matched' }).allTextContents();
      expect(matched).toHaveLength(2); // run_civi keys Swaist and Shead
      expect(await page.locator('#message').textContent()).toBe('');
      expect(errors).toEqual([]);
    });
    await withViewer(browser, [fixturePath('dff-prop.dff'), fixturePath('anpk-gta3.ifp')], async (page, errors) => {
      await expect
        .poll(() => page.locator('#message').textContent(), { timeout: WAIT })
        .toMatch(/^run_civi drives no bone of dff-prop\.dff: none of its 2 tracks finds a bone by id or name/);
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
      await page.waitForFunction(
        () => (window as unknown as { viewer: { scene: { actors: unknown[] } | null } }).viewer.scene?.actors.length === 3,
        null,
        { timeout: WAIT },
      );
      expect(await page.locator('#message').textContent()).toMatch(/^Scene cutscene\.ifp: 3 objects on one clock/);
      const seen: number[][][][] = [];
      for (const time of [0.5, 1.5]) {
        await page.evaluate((at) => {
          const scrub = document.querySelector('#scrub') as HTMLInputElement;
          scrub.value = String(at);
          scrub.dispatchEvent(new Event('input'));
        }, time);
        await page.waitForFunction((label) => document.querySelector('#clock')?.textContent === label, `${time.toFixed(3)} s`, {
          timeout: WAIT,
        });
        const actors = await page.evaluate(
          () =>
            (window as unknown as { viewerScene: { actorBonePositions: Array<Array<{ position: number[] }>> } }).viewerScene
              .actorBonePositions,
        );
        const drawn = actors.map((bones) => bones.map((bone) => bone.position));
        const expected = expectedPositions(time);
        expect(drawn.map((bones) => bones.length)).toEqual(expected.map((bones) => bones.length));
        drawn.forEach((bones, actor) =>
          bones.forEach((at, bone) =>
            at.forEach((v, c) => expect(v, `object ${actor} bone ${bone} at ${time} s`).toBeCloseTo(expected[actor]![bone]![c]!, 4)),
          ),
        );
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
          window as unknown as {
            viewerScene: {
              actorBonePositions: Array<Array<{ position: number[] }>>;
              projectPoint(p: number[]): { x: number; y: number; width: number; height: number };
            };
          }
        ).viewerScene;
        return view.actorBonePositions.flat().filter(({ position }) => {
          const { x, y, width, height } = view.projectPoint(position);
          return !(x >= 0 && x <= width && y >= 0 && y <= height);
        }).length;
      });
      expect(outside).toBe(0);
      // A clip chosen in the list leaves the scene; a dictionary opened after it does not bring the scene back.
      await page.locator('#animations li[data-clip]', { hasText: /^csped / }).click();
      await page.waitForFunction(
        () => {
          const viewer = (window as unknown as { viewer: { scene: unknown; clip: { name: string } | null } }).viewer;
          return viewer.scene === null && viewer.clip?.name === 'csped';
        },
        null,
        { timeout: WAIT },
      );
      await page.locator('#files').setInputFiles(fixturePath('textures.txd'));
      await page.waitForFunction(() => (window as unknown as { viewer: { textures: unknown[] } }).viewer.textures.length === 1, null, {
        timeout: WAIT,
      });
      await framesPass(page, { run: 3 });
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { viewer: { scene: unknown; clip: { name: string } } }).viewer.scene === null &&
            (window as unknown as { viewer: { clip: { name: string } } }).viewer.clip.name,
        ),
      ).toBe('csped');
      expect(errors).toEqual([]);
    });
  });
});

/** A folder laid out as a game lays it out. */
function gameTree(files: Record<string, Uint8Array | string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'gameanim-family-game-'));
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
  return folder;
}

/** A III/VC pair made by the project's writer. */
function v1Pair(entries: IMGEntryData[]): { img: Uint8Array; dir: Uint8Array } {
  const editor = IMGEditor.create('v1');
  for (const entry of entries) editor.add(entry.name, entry.data);
  const { img, dir } = editor.write();
  return { img, dir: dir! };
}

const pedsIde = (...names: string[]) =>
  ['peds', ...names.map((name, i) => `${i + 1}, ${name}, ${name}, CIVMALE, STAT_STREET_GUY, man, 0`), 'end', ''].join('\r\n');

describeWith([CHROMIUM], "the game folder opens the family's peds and cutscenes (headless Chromium)", { timeout: TEST_LIMIT }, () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startViewer>>;
  beforeAll(async () => {
    browser = await launchChromium();
    server = await startViewer([]);
  }, WAIT);
  afterAll(async () => {
    server?.child.kill();
    await closeChromium(browser);
  }, WAIT);

  /** Chooses the folder, picks a ped, and returns what the page holds once it plays. */
  async function pickIn(folder: string, ped: string) {
    const { page, errors } = await openPage(browser, server.url);
    await page.locator('#folder-input').setInputFiles(folder);
    await page.waitForFunction(
      () => document.querySelectorAll('#peds li').length > 0 && document.querySelectorAll('#animations li[data-clip]').length > 0,
      null,
      { timeout: WAIT },
    );
    await page.locator('#peds li', { hasText: ped }).first().click();
    await page.waitForFunction(
      (name) => (window as unknown as { viewer: { model: { name: string } | null; bound: unknown } }).viewer.model?.name === `${name}.dff`,
      ped,
      { timeout: WAIT },
    );
    await page.waitForFunction(
      () =>
        (window as unknown as { viewer: { bound: { skeleton: unknown } | null; model: { skeleton: unknown } } }).viewer.bound?.skeleton ===
        (window as unknown as { viewer: { model: { skeleton: unknown } } }).viewer.model.skeleton,
      null,
      { timeout: WAIT },
    );
    const held = await page.evaluate(() => {
      const viewer = (window as unknown as { viewer: { bound: { trackOfBone: Int32Array }; textures: unknown[] } }).viewer;
      return { driven: [...viewer.bound.trackOfBone].filter((track) => track >= 0).length, textures: viewer.textures.length };
    });
    return { page, errors, ...held };
  }

  it("a skinned GTA III ped with its .txd (III's v1 archive, default.ide) plays III's clip on the bones it names", async () => {
    const { img, dir } = v1Pair([
      { name: 'skinped.dff', data: fixture('dff-skinned-gta3.dff') },
      { name: 'skinped.txd', data: fixture('textures.txd') },
    ]);
    const folder = gameTree({
      'gta3.exe': '',
      'anim/ped.ifp': fixture('anpk-gta3.ifp'),
      'models/gta3.img': img,
      'models/gta3.dir': dir,
      'data/default.ide': pedsIde('skinped'),
    });
    const { page, errors, driven, textures } = await pickIn(folder, 'skinped');
    expect(driven).toBe(2); // run_civi keys Swaist and Shead
    expect(textures).toBe(1);
    expect(errors).toEqual([]);
    await page.goto('about:blank');
  });

  it('a Vice City ped (v1 archive, default.ide, clips with bone ids) plays as an SA ped does', async () => {
    const { img, dir } = v1Pair([
      { name: 'vcped.dff', data: fixture('dff-ped-5bone.dff') },
      { name: 'vcped.txd', data: fixture('textures.txd') },
    ]);
    const folder = gameTree({
      'gta-vc.exe': '',
      'anim/ped.ifp': fixture('anpk-all-keys.ifp'),
      'models/gta3.img': img,
      'models/gta3.dir': dir,
      'data/default.ide': pedsIde('vcped'),
    });
    const { page, errors, driven, textures } = await pickIn(folder, 'vcped');
    expect(await page.locator('#game-folder-note').textContent()).toMatch(/^Vice City: 1 peds/);
    expect(driven).toBeGreaterThan(0);
    expect(textures).toBe(1);
    expect(errors).toEqual([]);
    await page.goto('about:blank');
  });

  it('a cutscene: its models in anim/cuts.img are listed and open as a ped does; its IFP opens with them as one scene', async () => {
    const cuts = ['csped', 'csgta3', 'csrigid'];
    const models: Record<string, string> = { csped: 'dff-ped-5bone.dff', csgta3: 'dff-skinned-gta3.dff', csrigid: 'dff-rigid-ped.dff' };
    const folder = gameTree({
      'gta_sa.exe': '',
      'anim/ped.ifp': fixture('anp3-all-types.ifp'),
      'anim/cuts.img': writeIMG([
        { name: 'cutscene.ifp', data: fixture('anpk-cutscene.ifp') },
        ...cuts.flatMap((name) => [
          { name: `${name}.dff`, data: fixture(models[name]!) },
          { name: `${name}.txd`, data: fixture('textures.txd') },
        ]),
      ]),
      'models/gta3.img': writeIMG([
        { name: 'saped.dff', data: fixture('dff-ped-5bone.dff') },
        { name: 'saped.txd', data: fixture('textures.txd') },
      ]),
    });
    const { page, errors, textures } = await pickIn(folder, 'csgta3');
    expect(textures).toBe(1);
    expect(await page.locator('#peds li', { hasText: 'csped' }).textContent()).toContain('from anim/cuts.img');
    await page.locator('#animation-files li', { hasText: 'cutscene.ifp' }).click();
    await page.waitForFunction(
      () => (window as unknown as { viewer: { scene: { actors: unknown[] } | null } }).viewer.scene?.actors.length === 3,
      null,
      { timeout: WAIT },
    );
    const names = await page.evaluate(() =>
      (window as unknown as { viewer: { scene: { actors: Array<{ name: string }> } } }).viewer.scene.actors.map((actor) => actor.name),
    );
    expect(names.sort()).toEqual([...cuts].sort());
    expect(errors).toEqual([]);
    await page.goto('about:blank');
  });
});
