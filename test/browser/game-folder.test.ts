// "Open game folder" in headless Chromium: folders laid out as the games lay them out, built from the
// samples in a temp dir, chosen through the page's <input webkitdirectory> (Playwright uploads a
// directory to it). The ped list, a ped with an animation drawn, and how few bytes that read.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeIMG, type IMGEntryData } from '../../src/index.js';
import { fixture, sample, samplesDir, samplesPresent, SAMPLES } from '../helpers/files.js';
import { chromiumPath, closeChromium, haveChromium, launchChromium, openPage, startViewer, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

/** Stands in for the rest of a real gta3.img (about a gigabyte: vehicles, buildings, collisions). */
const FILLER_BYTES = 16 * 1024 * 1024;
const HEAD_BYTES = 16_384;

function writeTree(files: Record<string, Uint8Array | string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'gameanim-game-'));
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
  return folder;
}

/** The sector-rounded size an IMG stores for an entry. */
const stored = (bytes: Uint8Array) => Math.ceil(bytes.length / 2048) * 2048;

/**
 * A III/VC archive: a VER2 record is (offset, u16 size, u16 0, name), which read little-endian is the v1 .dir record; offsets stay valid in
 * the same bytes.
 */
function writeV1(entries: IMGEntryData[]): { img: Uint8Array; dir: Uint8Array } {
  const img = writeIMG(entries);
  return { img, dir: img.slice(8, 8 + 32 * entries.length) };
}

/** Chooses the folder through the page's fallback input, and waits for its index and ped.ifp. */
async function chooseFolder(page: Page, folder: string): Promise<void> {
  await page.locator('#folder-input').setInputFiles(folder);
  await page.waitForFunction(
    () => document.querySelectorAll('#peds li').length > 0 && document.querySelectorAll('#animations li[data-clip]').length > 0,
    null,
    { timeout: 120_000 },
  );
}

/** Picks a ped and polls until a frame was drawn with it (the page's render counter moves on). */
async function pickPed(page: Page, name: string): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { viewerScene: { renders: number } }).viewerScene.renders);
  await page.locator('#peds li', { hasText: name }).click();
  await page.waitForFunction(
    ({ name, before }) => {
      const w = window as unknown as {
        viewer: { model: { name: string } | null; clip: unknown };
        viewerScene: { renders: number; hasSkeleton: boolean };
        gameFolder: { pedOnScreenMs: number | null };
      };
      return (
        w.viewer.model?.name === `${name}.dff` &&
        w.viewer.clip &&
        w.viewerScene.hasSkeleton &&
        w.viewerScene.renders > before &&
        w.gameFolder.pedOnScreenMs !== null
      );
    },
    { name, before },
    { timeout: 120_000 },
  );
  return page.evaluate(() => (window as unknown as { gameFolder: { pedOnScreenMs: number } }).gameFolder.pedOnScreenMs);
}

const bytesRead = (page: Page) =>
  page.evaluate(() => (window as unknown as { gameFolder: { bytesRead: Record<string, number> } }).gameFolder.bytesRead);

describeWith(
  [CHROMIUM, SAMPLES],
  `open a game folder in headless Chromium (${haveChromium ? chromiumPath : 'no Chromium'}; ${samplesPresent ? 'samples present' : `no samples at ${samplesDir}`})`,
  () => {
    let browser: Browser;
    let server: Awaited<ReturnType<typeof startViewer>>;
    beforeAll(async () => {
      browser = await launchChromium();
      server = await startViewer([]);
    });
    afterAll(async () => {
      server?.child.kill();
      await closeChromium(browser);
    });

    it('SA layout without peds.ide: the skinned models are the peds, a ped plays, only its entries are read', async () => {
      const skins = ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames'];
      // Named as peds are (8 characters or so; IMG names hold 23).
      const models: IMGEntryData[] = skins.flatMap((skin) => [
        { name: `${skin.replace('sa_skin_', '').slice(0, 10)}.dff`, data: sample(`dff/${skin}.dff`) },
        { name: `${skin.replace('sa_skin_', '').slice(0, 10)}.txd`, data: sample(`dff/${skin}.txd`) },
      ]);
      // A prop with a dictionary of its name: a model pair, but no skeleton, so not a ped.
      models.push(
        { name: 'prop.dff', data: fixture('dff-prop.dff') },
        { name: 'prop.txd', data: fixture('textures.txd') },
        { name: 'filler.col', data: new Uint8Array(FILLER_BYTES) },
      );
      const gta3 = writeIMG(models);
      const folder = writeTree({
        'anim/ped.ifp': sample('rwparserng_ped_anp3.ifp'),
        'anim/anim.img': writeIMG([{ name: 'python.ifp', data: sample('sa_python_anp3.ifp') }]),
        'models/gta3.img': gta3,
      });
      const { page, errors } = await openPage(browser, server.url);
      await chooseFolder(page, folder);
      const peds = await page.locator('#peds li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['ped']));
      expect(peds).toEqual(['plain', 'protected', 'modelspace']);
      expect(
        await page
          .locator('#animation-files li')
          .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['animationFile'])),
      ).toEqual(['anim/ped.ifp', 'anim/anim.img/python.ifp']);
      const indexed = (await bytesRead(page))['models/gta3.img']!;

      const ms = await pickPed(page, 'plain');
      const read = (await bytesRead(page))['models/gta3.img']! - indexed;
      const plain = models.slice(0, 2).reduce((sum, entry) => sum + stored(entry.data), 0);
      console.log(
        `game folder (SA): plain on screen ${ms.toFixed(0)} ms after choosing it; gta3.img read ${indexed} bytes to index (directory + ${HEAD_BYTES}-byte heads of 4 models), ${read} for the ped = ${((100 * (indexed + read)) / gta3.length).toFixed(2)}% of the ${gta3.length}-byte archive`,
      );
      // Exactly the directory, the model heads, then the ped's two entries: nothing else of the archive.
      expect(indexed).toBe(
        8 +
          32 * models.length +
          models.filter((e) => e.name.endsWith('.dff')).reduce((sum, e) => sum + Math.min(stored(e.data), HEAD_BYTES), 0),
      );
      expect(read).toBe(plain);
      expect((indexed + read) / gta3.length).toBeLessThan(0.05);

      // Another animation file, one of its clips: played on the ped.
      await page.locator('#animation-files li', { hasText: 'python.ifp' }).click();
      await page.locator('#animations li[data-clip]').first().waitFor({ timeout: 120_000 });
      const before = await page.evaluate(() => (window as unknown as { viewerScene: { renders: number } }).viewerScene.renders);
      await page.locator('#animations li[data-clip]', { hasText: 'python_fire' }).first().click();
      await page.waitForFunction(
        (before) => {
          const w = window as unknown as {
            viewer: { clip: { name: string } | null; model: { name: string } | null; bound: { trackOfBone: Int32Array } | null };
            viewerScene: { renders: number };
          };
          return (
            /python_fire/i.test(w.viewer.clip?.name ?? '') &&
            w.viewer.model?.name === 'plain.dff' &&
            [...(w.viewer.bound?.trackOfBone ?? [])].some((t) => t >= 0) &&
            w.viewerScene.renders > before
          );
        },
        before,
        { timeout: 120_000 },
      );
      expect(errors).toEqual([]);
      // The page is the file's shared one (viewer-helpers.ts): left for the next test, not closed.
      await page.goto('about:blank');
    }, 240_000);

    it('III layout with .dir and default.ide: the defined peds, one drawn with ped.ifp, the archive read lazily', async () => {
      const models: IMGEntryData[] = ['player', 'gang01'].flatMap((name) => [
        { name: `${name}.dff`, data: sample(`iii/${name}.dff`) },
        { name: `${name}.txd`, data: sample(`iii/${name}.txd`) },
      ]);
      models.push({ name: 'filler.col', data: new Uint8Array(FILLER_BYTES) });
      const { img, dir } = writeV1(models);
      const ide = [
        '# the peds section as default.ide writes it',
        'objs',
        '1000, filler, generic, 1, 100, 0',
        'end',
        'peds',
        '0, null, generic, PLAYER, STAT_PLAYER, player, 0',
        '1, player, player, PLAYER, STAT_PLAYER, player, 0',
        '2, gang01, gang01, GANG1, STAT_GANG1, man, 0',
        'end',
        '',
      ].join('\r\n');
      const folder = writeTree({
        'anim/ped.ifp': sample('iii_pcanims_ped_anpk.ifp'),
        'models/gta3.img': img,
        'models/gta3.dir': dir,
        'data/default.ide': ide,
      });
      const { page, errors } = await openPage(browser, server.url);
      await chooseFolder(page, folder);
      expect(await page.locator('#peds li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['ped']))).toEqual([
        'player',
        'gang01',
      ]);
      expect(await page.locator('#game-folder-note').textContent()).toContain('data/default.ide');
      expect((await bytesRead(page))['models/gta3.img'] ?? 0).toBe(0); // indexing reads the .dir only

      const ms = await pickPed(page, 'gang01');
      const read = (await bytesRead(page))['models/gta3.img']!;
      console.log(
        `game folder (III): gang01 on screen ${ms.toFixed(0)} ms after choosing it; gta3.img read ${read} of ${img.length} bytes (${((100 * read) / img.length).toFixed(2)}%)`,
      );
      expect(read).toBe(stored(models[2]!.data) + stored(models[3]!.data));
      expect(read / img.length).toBeLessThan(0.05);
      // III's ped.ifp binds by bone name: the clip drives the model's frames.
      const matched = await page.evaluate(
        () =>
          [...(window as unknown as { viewer: { bound: { trackOfBone: Int32Array } } }).viewer.bound.trackOfBone].filter((t) => t >= 0)
            .length,
      );
      expect(matched).toBeGreaterThan(10);
      expect(errors).toEqual([]);
      // The page is the file's shared one (viewer-helpers.ts): left for the next test, not closed.
      await page.goto('about:blank');
    }, 240_000);

    it('a folder of thousands of files with odd names: every animation file listed by its name as text, a ped plays, no error', async () => {
      const models: IMGEntryData[] = ['player', 'gang01'].flatMap((name) => [
        { name: `${name}.dff`, data: sample(`iii/${name}.dff`) },
        { name: `${name}.txd`, data: sample(`iii/${name}.txd`) },
      ]);
      const { img, dir } = writeV1(models);
      const ide = [
        'peds',
        '1, player, player, PLAYER, STAT_PLAYER, player, 0',
        '2, gang01, gang01, GANG1, STAT_GANG1, man, 0',
        'end',
        '',
      ].join('\n');
      // Names a modder's folder holds: markup, quotes, percent escapes, spaces, dots, accents, emoji,
      // control characters, 200 characters; each an IFP the viewer may be asked to open.
      const odd = [
        '<img src=x onerror=alert(1)>',
        '"quoted" & \'single\'',
        '%2e%2e%2fup',
        ' lead and trail ',
        '..dots..',
        'café ñ',
        '🏃 run',
        'tab\there',
        'x'.repeat(200),
      ];
      const tree: Record<string, Uint8Array | string> = {
        'anim/ped.ifp': sample('iii_pcanims_ped_anpk.ifp'),
        'models/gta3.img': img,
        'models/gta3.dir': dir,
        'data/default.ide': ide,
      };
      const small = fixture('anpk-gta3.ifp');
      for (let i = 0; i < 3_000; i++) tree[`anim/${odd[i % odd.length]!.slice(0, 180)} ${i}.ifp`] = small;
      // And thousands of files the viewer does not read: audio, mods, nested folders.
      for (let i = 0; i < 2_000; i++) tree[`audio/sfx ${i}/${odd[i % odd.length]!.slice(0, 40)}.raw`] = 'x';
      const folder = writeTree(tree);
      const { page, errors } = await openPage(browser, server.url);
      await page.locator('#folder-input').setInputFiles(folder);
      const state = () =>
        page.evaluate(() => ({
          note: document.querySelector('#game-folder-note')?.textContent,
          peds: document.querySelectorAll('#peds li').length,
          files: document.querySelectorAll('#animation-files li').length,
          clips: document.querySelectorAll('#animations li[data-clip]').length,
          problems: document.querySelector('#problems')?.textContent?.slice(0, 300),
        }));
      await page
        .waitForFunction(
          () => document.querySelectorAll('#peds li').length > 0 && document.querySelectorAll('#animations li[data-clip]').length > 0,
          null,
          { timeout: 120_000 },
        )
        .catch(async (error) => {
          console.log('state', JSON.stringify(await state()), errors);
          throw error;
        });
      const files = await page.locator('#animation-files li').evaluateAll((items) => items.map((item) => item.textContent ?? ''));
      expect(files).toHaveLength(3_001);
      // Markup is shown as text, never made into elements.
      expect(await page.locator('#animation-files img').count()).toBe(0);
      expect(files.some((text) => text.includes('<img src=x onerror=alert(1)> 0.ifp'))).toBe(true);
      await pickPed(page, 'gang01');
      // An animation file picked by an odd name opens and shows its own clip, not ped.ifp's playing one.
      for (const name of ['🏃 run 6.ifp', '<img src=x onerror=alert(1)> 9.ifp', 'tab\there 7.ifp']) {
        await page.locator('#animation-files li', { hasText: name }).first().click();
        await page.waitForFunction(
          (name) => {
            const w = window as unknown as {
              viewer: { clip: { name: string } | null; clips: Array<{ file: string; clip: { name: string } }> };
            };
            const entry = w.viewer.clips.find((e) => e.clip === w.viewer.clip);
            return entry?.file === name && entry.clip.name === 'run_civi';
          },
          name,
          { timeout: 120_000 },
        );
      }
      expect(errors).toEqual([]);
      await page.goto('about:blank');
    }, 480_000);
  },
);
