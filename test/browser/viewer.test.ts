// The viewer in a real browser: `gameanim view` serves it with files preloaded, and Debian's Chromium
// (software WebGL) plays them; other files go in through the page's file input.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode as decodePng } from 'fast-png';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IFPReader,
  lintIFP,
  poseToMatrices,
  sampleClip,
  writeIFP,
  type TrackData,
} from '../../src/index.js';
import { lowestPoint } from '../../viewer/ground.js';
import { fixture, sample, samplesDir, samplesPresent, SAMPLES } from '../helpers/files.js';
import {
  canvasShot,
  chromiumPath,
  clock,
  closeChromium,
  framesPass,
  haveChromium,
  launchChromium,
  newPage,
  root,
  silhouette,
  startViewer,
  TEST_LIMIT,
  WAIT,
  withViewer,
  CHROMIUM,
} from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

describeWith(
  [CHROMIUM, SAMPLES],
  `the viewer in headless Chromium (${haveChromium ? chromiumPath : 'not found'}; ${samplesPresent ? 'samples present' : `no samples at ${samplesDir}`})`,
  { timeout: TEST_LIMIT },
  () => {
    let browser: Browser;
    beforeAll(async () => void (browser = await launchChromium()), WAIT);
    afterAll(() => closeChromium(browser), WAIT);

    it('gameanim view preloads a model and an IFP: the list matches the reader, the model animates, the curves draw, no console errors', async () => {
      const ifp = join(samplesDir, 'rwparserng_ped_anp3.ifp');
      await withViewer(browser, [join(samplesDir, 'dff/sa_skin_plain.dff'), ifp], async (page, errors) => {
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
        const firstFrameMs = await page.evaluate(() => (window as unknown as { firstFrameMs: number }).firstFrameMs);
        console.log(
          `viewer: first animated frame ${firstFrameMs.toFixed(0)} ms after the files opened (rwparserng_ped_anp3.ifp with sa_skin_plain.dff, headless Chromium)`,
        );
        expect(await page.locator('#animations li[data-clip]').count()).toBe(
          new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations.length,
        );
        expect(await page.locator('#bones tbody tr').count()).toBe(32);
        // Two different frames while it plays: compared after each frame it draws, up to 20 frames.
        const first = await canvasShot(page, '#scene');
        let changed = false;
        for (let frame = 0; frame < 20 && !changed; frame++) {
          await framesPass(page, { drawn: 1 });
          changed = !first.equals(await canvasShot(page, '#scene'));
        }
        expect(changed).toBe(true);
        // The curve canvas has more than one colour on it.
        const colours = await page.evaluate(() => {
          const canvas = document.querySelector('#curves canvas') as HTMLCanvasElement;
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          const seen = new Set<number>();
          for (let i = 0; i < data.length; i += 64) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
          return seen.size;
        });
        expect(colours).toBeGreaterThan(3);
        // The README's screenshot: refreshed only when asked, so a test run never changes tracked files.
        await page.screenshot({
          path: process.env['VIEWER_SCREENSHOT'] ?? join(mkdtempSync(join(tmpdir(), 'gameanim-shot-')), 'viewer.png'),
        });
        expect(errors).toEqual([]);
      });
    });

    it('the model-space sample skin walks whole: one connected silhouette of person-like proportions', async () => {
      // The model alone (gameanim view would bring its .txd from beside it): the silhouette is the grey mesh's.
      const alone = join(mkdtempSync(join(tmpdir(), 'gameanim-modelspace-')), 'skin.dff');
      writeFileSync(alone, readFileSync(join(samplesDir, 'dff/sa_skin_modelspace_frames.dff')));
      await withViewer(browser, [alone, join(samplesDir, 'rwparserng_ped_anp3.ifp')], async (page, errors) => {
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
        await page.locator('#animations li[data-clip]', { hasText: 'walk_player' }).click();
        // Two frames drawn after the click: the walk is on the canvas, not only in the state.
        await framesPass(page, { drawn: 2 });
        const shape = await page.evaluate(silhouette);
        console.log(`viewer: model-space skin silhouette ${JSON.stringify(shape)}`);
        // Posed from its frames this skin falls apart into pieces up to 1.3 m away; from its Skin PLG
        // it is one body, taller than it is wide.
        expect(shape.pixels).toBeGreaterThan(2000);
        expect(shape.largestShare).toBeGreaterThan(0.7); // a swinging arm may part from the body in 2D; the proportions below tell whole from broken
        expect(shape.height / shape.width).toBeGreaterThan(1.4);
        expect(errors).toEqual([]);
      });
    });

    it('a skin named with its .txd (found beside it) is drawn textured: texture detail where the grey mesh was; each texture decoded once', async () => {
      const shoot = async (files: string[]) => {
        let result: { png: Uint8Array; decoded: number } = { png: new Uint8Array(0), decoded: 0 };
        await withViewer(browser, files, async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
          // Three clip switches show the model three times; the frame compared is walk_player at 0, paused
          // (Home pauses at 0: the time a click on Pause stops at depends on the machine's speed).
          for (const name of ['walk_player', 'run_player', 'walk_player'])
            await page.locator('#animations li[data-clip]', { hasText: name }).click();
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.keyboard.press('Home');
          await page.waitForFunction(
            () => document.querySelector('#clock')!.textContent === '0.000 s' && document.querySelector('#play')!.textContent === 'Play',
            null,
            { timeout: WAIT },
          );
          // The loop draws a change in the frame that shows it on the clock; two more make sure it is on screen.
          await framesPass(page, { run: 2 });
          result = {
            png: await canvasShot(page, '#scene'),
            decoded: await page.evaluate(() => (window as unknown as { decodedTextures: number }).decodedTextures),
          };
          expect(errors).toEqual([]);
        });
        return result;
      };
      const scratch = mkdtempSync(join(tmpdir(), 'gameanim-textured-'));
      const dff = join(scratch, 'skin.dff');
      const ifp = join(samplesDir, 'rwparserng_ped_anp3.ifp');
      writeFileSync(dff, readFileSync(join(samplesDir, 'dff/sa_skin_plain.dff')));
      const grey = await shoot([dff, ifp]);
      writeFileSync(join(scratch, 'skin.txd'), readFileSync(join(samplesDir, 'dff/sa_skin_plain.txd')));
      const textured = await shoot([dff, ifp]);
      if (process.env['VIEWER_TEXTURED_SCREENSHOT']) writeFileSync(process.env['VIEWER_TEXTURED_SCREENSHOT'], textured.png);
      const a = decodePng(grey.png),
        b = decodePng(textured.png);
      expect([a.width, a.height]).toEqual([b.width, b.height]);
      // The body's pixels: where the two frames differ (the same pose, camera and lights; only the materials changed).
      const colours = new Set<number>();
      let changed = 0;
      for (let i = 0; i < a.width * a.height; i++) {
        const at = i * a.channels;
        const difference =
          Math.abs(a.data[at]! - b.data[at]!) + Math.abs(a.data[at + 1]! - b.data[at + 1]!) + Math.abs(a.data[at + 2]! - b.data[at + 2]!);
        if (difference < 60) continue;
        changed++;
        colours.add(((b.data[at]! >> 4) << 8) | ((b.data[at + 1]! >> 4) << 4) | (b.data[at + 2]! >> 4));
      }
      console.log(
        `viewer: textured skin: ${changed} body pixels changed from the grey mesh, ${colours.size} distinct colours there; ${textured.decoded} textures decoded`,
      );
      expect(grey.decoded).toBe(0);
      expect(changed).toBeGreaterThan(2000);
      // A flat grey mesh shades to a handful of greys; the textures bring their detail (shoes, skin, cloth).
      expect(colours.size).toBeGreaterThan(40);
      expect(textured.decoded).toBe(4);
    });

    it('edits packages in the page: rename, speed, move, delete, undo, save the package and one animation as IFP; lint findings listed', async () => {
      await withViewer(
        browser,
        [join(root, 'fixtures/dff-ped-5bone.dff'), join(root, 'fixtures/anp3-all-types.ifp')],
        async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
          const names = () =>
            page.locator('#animations li').evaluateAll((items) => items.map((item) => item.firstChild!.textContent!.trim()));
          expect(await names()).toEqual(['WEAPON_start_throw', 'Odd_Times']);
          await page.locator('#animations li[data-clip]', { hasText: 'Odd_Times' }).click();
          await page.fill('#edit-value', 'odd_renamed');
          await page.click('#edit-rename');
          await page.click('#edit-up');
          expect(await names()).toEqual(['odd_renamed', 'WEAPON_start_throw']);
          await page.fill('#edit-value', '2');
          await page.click('#edit-speed');
          await page.click('#edit-undo');
          await page.click('#edit-undo');
          expect(await names()).toEqual(['WEAPON_start_throw', 'odd_renamed']);
          await page.fill('#edit-value', '2');
          await page.click('#edit-speed');
          const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#save-ifp')]);
          const reader = new IFPReader(new Uint8Array(readFileSync((await saved.path())!)));
          expect(reader.animations.map((a) => a.name)).toEqual(['WEAPON_start_throw', 'odd_renamed']);
          const original = new IFPReader(fixture('anp3-all-types.ifp'));
          expect(reader.getAnimation('odd_renamed')!.duration).toBeCloseTo(original.getAnimation('Odd_Times')!.duration / 2, 5);
          const [one] = await Promise.all([page.waitForEvent('download'), page.click('#save-animation')]);
          expect(new IFPReader(new Uint8Array(readFileSync((await one.path())!))).animations.map((a) => a.name)).toEqual(['odd_renamed']);
          await page.click('#edit-delete');
          expect(await names()).toEqual(['WEAPON_start_throw']);
          await page.selectOption('#problem-severity', 'note'); // every finding, notes too
          const lint = await page
            .locator('#problems li')
            .evaluateAll((items) => items.map((item) => item.textContent ?? '').filter((text) => text.includes(': lint ')));
          console.log(`viewer: ${lint.length} lint findings listed for the edited file`);
          expect(lint.length).toBeGreaterThan(0);
          expect(lint.every((text) => text.startsWith('anp3-all-types.ifp: lint '))).toBe(true);
          expect(errors).toEqual([]);
        },
      );
    });

    it('frame-exact control: steps by frame and key, shortcuts, restart at the end; the ground at the feet; the view kept between clips; no redraw while paused', async () => {
      await withViewer(
        browser,
        [join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')],
        async (page, errors) => {
          await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
          const scene = () =>
            page.evaluate(() => {
              const view = (
                window as unknown as {
                  viewerScene: {
                    groundZ: number;
                    renders: number;
                    camera: { position: { x: number; y: number; z: number } };
                    controls: { target: { x: number; y: number; z: number } };
                  };
                }
              ).viewerScene;
              // The camera as the orbit places it round its target (the target follows the ped by default).
              const { position } = view.camera,
                { target } = view.controls;
              return {
                ground: view.groundZ,
                renders: view.renders,
                camera: [position.x - target.x, position.y - target.y, position.z - target.z],
              };
            });
          const time = () => clock(page);
          await page.locator('#animations li[data-clip]', { hasText: 'walk_player' }).click();
          // The ground under the soles: the lowest point of the skinned mesh over the clip's 25 framing
          // poses (viewer/ground.ts), not of the rest pose, which lies along x (its lowest point is at -0.39).
          const dff = new DFFReader(sample('dff/sa_skin_plain.dff'));
          const skeleton = dff.skeleton!;
          const walk = bindClip(new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('WALK_player')!, skeleton);
          const pose = createPose(skeleton);
          let soles = Infinity;
          for (let step = 0; step <= 24; step++) {
            sampleClip(walk, (walk.clip.duration * step) / 24, pose);
            soles = Math.min(soles, lowestPoint(skeleton, dff, poseToMatrices(pose, skeleton)));
          }
          // An SA ped's soles stand about 0.95 m below its root.
          expect(soles).toBeGreaterThan(-1.05);
          expect(soles).toBeLessThan(-0.9);
          // The ground lies under the soles, and within 6 cm of them. (It sits 5 cm under the library's own
          // sampling of this clip, -0.998 m against -0.947 m: a gap still to be explained, see docs/guides/view.md.)
          const ground = (await scene()).ground;
          expect(ground).toBeLessThanOrEqual(soles + 1e-4);
          expect(soles - ground).toBeLessThan(0.06);
          // The ankles as drawn stand above the ground, never through it.
          const ankles = await page.evaluate(() =>
            (
              window as unknown as { viewerScene: { boneWorldPositions: Array<{ name: string; position: number[] }> } }
            ).viewerScene.boneWorldPositions
              .filter((bone) => /^[LR] Foot$/.test(bone.name))
              .map((bone) => bone.position[2]!),
          );
          expect(ankles.length).toBe(2);
          for (const z of ankles) expect(z - soles).toBeGreaterThan(0);
          // Orbit a little, then switch clips: the view stays where the user put it.
          const canvas = page.locator('#scene');
          const box = (await canvas.boundingBox())!;
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
          await page.mouse.up();
          const orbited = (await scene()).camera;
          await page.locator('#animations li[data-clip]', { hasText: 'run_player' }).click();
          expect((await scene()).camera.map((v) => v.toFixed(3))).toEqual(orbited.map((v) => v.toFixed(3)));
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.keyboard.press('Home');
          await page.waitForFunction(() => document.querySelector('#clock')!.textContent === '0.000 s', null, { timeout: WAIT });
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction(() => document.querySelector('#frame')!.textContent!.startsWith('frame 2 /'), null, { timeout: WAIT });
          expect(await time()).toBeCloseTo(2 / 60, 3);
          await page.click('#key-next');
          await page.waitForFunction(() => Number(document.querySelector('#clock')!.textContent!.replace(' s', '')) > 2 / 60 + 1e-3, null, {
            timeout: WAIT,
          });
          const keyTime = await time();
          const run = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('run_player')!;
          const keys = Array.from(run.bones[0]!.times);
          expect(keys.some((t) => Math.abs(t - keyTime) < 1e-3 && t > 2 / 60)).toBe(true);
          // Paused and still: nothing is drawn while 36 animation frames pass (600 ms at 60 Hz, counted, not slept).
          const before = (await scene()).renders;
          await framesPass(page, { run: 36 });
          expect((await scene()).renders).toBe(before);
          // With loop off, Play at the end starts the clip again.
          await page.uncheck('#loop');
          await page.keyboard.press('End');
          await page.waitForFunction(
            (d) => Math.abs(Number(document.querySelector('#clock')!.textContent!.replace(' s', '')) - d) < 1e-3,
            run.duration,
            { timeout: WAIT },
          );
          await page.keyboard.press(' ');
          await page.waitForFunction(
            (d) => Number(document.querySelector('#clock')!.textContent!.replace(' s', '')) < d / 2,
            run.duration,
            { timeout: WAIT },
          );
          expect(errors).toEqual([]);
        },
      );
    });

    it(
      '600 clip switches leave the JS heap and the DOM node count within 10% of where they started',
      async () => {
        await withViewer(
          browser,
          [join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')],
          async (page, errors) => {
            await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
            const cdp = await page.context().newCDPSession(page);
            const measure = async () => {
              await cdp.send('HeapProfiler.collectGarbage');
              const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
              return { heap: usedSize, nodes: await page.evaluate(() => document.getElementsByTagName('*').length) };
            };
            const switches = (count: number) =>
              page.evaluate(async (n) => {
                const items = [...document.querySelectorAll<HTMLElement>('#animations li')];
                for (let i = 0; i < n; i++) {
                  items[i % items.length]!.click();
                  if (i % 20 === 0) await new Promise((resolve) => requestAnimationFrame(resolve));
                }
                await new Promise((resolve) => requestAnimationFrame(resolve));
              }, count);
            // About a quarter of the pixels: a leak does not depend on the canvas's size, and software WebGL
            // drawing the full size took two thirds of this test's time (100 s against 34 s on a loaded
            // machine). Wider than the phone layout (760 px), so the animation list stays in the page.
            await page.setViewportSize({ width: 800, height: 400 });
            // Warm: every clip bound and drawn, and the page's code compiled (V8's own growth levels off
            // within a few hundred switches; a leak would not).
            await switches(600);
            const before = await measure();
            await switches(600);
            const after = await measure();
            console.log(
              `viewer: 600 clip switches: heap ${(before.heap / 1e6).toFixed(1)} -> ${(after.heap / 1e6).toFixed(1)} MB, DOM nodes ${before.nodes} -> ${after.nodes}`,
            );
            expect(after.heap).toBeLessThan(before.heap * 1.1);
            expect(after.nodes).toBeLessThanOrEqual(Math.ceil(before.nodes * 1.1));
            expect(errors).toEqual([]);
            await cdp.detach();
          },
        );
      },
      2 * TEST_LIMIT,
    ); // 1,200 clip switches: the longest test by far

    it('lists grouped by file, one entry per file (opening it again replaces it), and a count of problems always shown', async () => {
      await withViewer(browser, [], async (page, errors) => {
        const ifp = join(root, 'fixtures/anp3-all-types.ifp');
        const other = join(root, 'fixtures/anpk-gta3.ifp');
        await page.setInputFiles('#files', [ifp, other]);
        await page.waitForFunction(() => document.querySelectorAll('#animations li').length >= 5, null, { timeout: WAIT });
        const list = () =>
          page
            .locator('#animations li')
            .evaluateAll((items) =>
              items.map((item) => `${item.className === 'group' ? '# ' : ''}${item.firstChild!.textContent!.trim()}`),
            );
        expect(await list()).toEqual(['# anp3-all-types.ifp (2)', 'WEAPON_start_throw', 'Odd_Times', '# anpk-gta3.ifp (1)', 'run_civi']);
        await page.setInputFiles('#files', [ifp]);
        // Opened again, its group moves to the end.
        await page.waitForFunction(() => document.querySelector('#animations li.group')?.textContent?.startsWith('anpk-gta3.ifp'), null, {
          timeout: WAIT,
        });
        expect(await list()).toEqual(['# anpk-gta3.ifp (1)', 'run_civi', '# anp3-all-types.ifp (2)', 'WEAPON_start_throw', 'Odd_Times']);
        expect(await page.locator('#file-list li').count()).toBe(2);
        expect(await page.textContent('#problem-count')).toMatch(/^(no problems|\d+ problems)/);
        // The panel lists errors and warnings by default, the header counts them (notes apart).
        const problems = await page.locator('#problems li:not(.group, .more)').count();
        const errorRows = await page.locator('#problems li.error').count();
        const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
        expect((await page.textContent('#problem-count'))!.replace(/; \d+ notes?$/, '')).toBe(
          problems ? `${counted(problems, 'problem')}${errorRows ? ` (${counted(errorRows, 'error')})` : ''}` : 'no problems',
        );
        expect(errors).toEqual([]);
      });
    });

    it('the selection (file, animation, time) is in the URL and a link opens it; the light theme; the camera follows the root', async () => {
      const { url, child } = await startViewer([join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')]);
      const pages: Page[] = [];
      const open = async (address: string, options?: BrowserContextOptions) => {
        const opened = await newPage(browser, options);
        pages.push(opened);
        await opened.goto(address);
        return opened;
      };
      try {
        const page = await open(url);
        await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: WAIT });
        await page.locator('#animations li[data-clip]', { hasText: 'run_player' }).click();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(() => location.hash.includes('anim=run_player') && location.hash.includes('t=0.017'), null, {
          timeout: WAIT,
        });
        const link = page.url();
        expect(link).toContain('file=rwparserng_ped_anp3.ifp');
        const again = await open(link);
        await again.waitForFunction(
          () =>
            document.querySelector('#animations li.selected')?.textContent?.startsWith('run_player') &&
            document.querySelector('#clock')!.textContent === '0.017 s',
          null,
          { timeout: WAIT },
        );
        // The light theme, as the system asks for it.
        await again.emulateMedia({ colorScheme: 'light' });
        const light = await open(url, { colorScheme: 'light' });
        const background = await light.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe('rgb(244, 245, 247)');
        // Following the root (on by default): the orbit target moves across the ground as the root does,
        // not up and down with its bounce. Frames are stepped, not played.
        const where = () =>
          page.evaluate(
            () => (window as unknown as { viewerScene: { rootAndTarget: { root: number[]; target: number[] } } }).viewerScene.rootAndTarget,
          );
        expect(await page.isChecked('#follow')).toBe(true);
        const step = async (frames: number) => {
          for (let i = 0; i < frames; i++) {
            const before = await page.textContent('#frame');
            await page.click('#frame-next');
            await page.waitForFunction((label) => document.querySelector('#frame')!.textContent !== label, before, { timeout: WAIT });
          }
        };
        await step(2);
        const a = await where();
        await step(12);
        const b = await where();
        const moved = [0, 1].map((c) => b.root[c]! - a.root[c]!);
        const followed = [0, 1, 2].map((c) => b.target[c]! - a.target[c]!);
        expect(Math.hypot(...moved)).toBeGreaterThan(0.01);
        moved.forEach((value, c) => expect(followed[c]).toBeCloseTo(value, 3));
        expect(followed[2]).toBeCloseTo(0, 6);
      } finally {
        // Closed however the test ends: a page left playing would slow every test after it.
        for (const p of pages) await p.close();
        child.kill();
      }
    });

    it('file and archive entry names are text, never markup: a crafted name runs no script', async () => {
      await withViewer(browser, [], async (page, errors) => {
        const scratch = mkdtempSync(join(tmpdir(), 'gameanim-names-'));
        const { writeIMG } = await import('../../src/index.js');
        const entry = '<svg onload=top.p=1>'; // fits IMG's 23 characters
        const img = join(scratch, 'evil.img');
        writeFileSync(img, writeIMG([{ name: entry, data: fixture('anp2-basic.ifp') }]));
        const named = join(scratch, '<img src=x onerror=top.q=1>.ifp');
        writeFileSync(named, fixture('anp2-basic.ifp'));
        await page.setInputFiles('#files', [img, named]);
        await page.locator('#entries li', { hasText: entry }).click();
        await page.waitForFunction(() => document.querySelectorAll('#file-list li').length === 3);
        const texts = await page.locator('#file-list li').allTextContents();
        expect(texts.some((t) => t.startsWith('<img src=x onerror=top.q=1>.ifp'))).toBe(true);
        expect(texts.some((t) => t.startsWith(entry))).toBe(true);
        expect(
          await page.evaluate(() => [
            (window as unknown as { p?: number }).p,
            (window as unknown as { q?: number }).q,
            document.querySelectorAll('#left svg, #left img').length,
          ]),
        ).toEqual([undefined, undefined, 0]);
        expect(errors).toEqual([]);
      });
    });

    it('opens files through the input: an IGI 2 clip with its .mef, an ANIM file, and a broken file that shows its DecodeError', async () => {
      await withViewer(browser, [], async (page, errors) => {
        const scratch = mkdtempSync(join(tmpdir(), 'gameanim-viewer-'));
        const broken = join(scratch, 'broken.ifp');
        writeFileSync(broken, fixture('anp3-all-types.ifp').subarray(0, 30));
        await page.setInputFiles('#files', [broken]);
        await page.waitForSelector('#problems li.error');
        expect(await page.locator('#problems li.error').first().textContent()).toMatch(
          /broken\.ifp: truncated at byte 0: IFP: ANP3 package header needs 36 bytes/,
        );
        await page.setInputFiles('#files', [join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')]);
        await page.waitForFunction(() => document.querySelectorAll('#animations li[data-clip]').length === 7);
        await page.setInputFiles('#files', [join(samplesDir, 'igi2/push_button_1st_pers.iff'), join(samplesDir, 'igi2/005_01_1.mef')]);
        await page.locator('#animations li[data-clip]', { hasText: 'push_button_1st_pers' }).click();
        await page.waitForFunction(() => document.querySelectorAll('#bones tbody tr').length === 47);
        expect(await page.locator('#bones tbody tr').nth(1).textContent()).toContain('"upper left arm"');
        const anim = join(root, 'fixtures/sprites-all-opcodes.anim');
        await page.setInputFiles('#files', [anim]);
        // An IMG archive: its entries list, and an IFP entry opens.
        const img = join(scratch, 'anim.img');
        const { writeIMG } = await import('../../src/index.js');
        writeFileSync(img, writeIMG([{ name: 'walk.ifp', data: fixture('anp2-basic.ifp') }]));
        await page.setInputFiles('#files', [img]);
        await page.locator('#entries li', { hasText: 'walk.ifp' }).click();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('#file-list li')].some((li) => li.textContent?.startsWith('walk.ifp')),
        );
        await page.locator('#animations li[data-clip]', { hasText: 'script 4' }).click();
        await page.waitForFunction(() => (document.querySelector('#sprite-state')?.textContent ?? '').includes('sprite 2'));
        expect(await page.locator('#disassembly').textContent()).toContain('MOVE_TO');
        expect(errors).toEqual([]);
      });
    });
  },
);

describeWith([CHROMIUM], 'the problems panel in headless Chromium', { timeout: TEST_LIMIT }, () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()), WAIT);
  afterAll(() => closeChromium(browser), WAIT);

  it('a file with 64k lint findings: the panel draws a bounded number of rows, grouped by code with counts, and the page still answers', async () => {
    // Two compressed tracks of 32,000 keys, written by the library: one whose keys all share time 0
    // (a time-repeats finding a key), one whose times run backwards (a time-goes-back finding a key).
    const keys = 32_000;
    const track = (boneId: number, time: (k: number) => number): TrackData => ({
      boneName: `bone${boneId}`,
      boneId,
      keyframeType: 'KR00',
      compressed: true,
      times: Float32Array.from({ length: keys }, (_, k) => time(k)),
      rotations: Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0)),
      translations: null,
      scales: null,
    });
    const bytes = writeIFP(
      [{ name: 'noisy', animations: [{ name: 'noisy', bones: [track(1, () => 0), track(2, (k) => (keys - k) / 60)] }] }],
      { format: 'ANP3' },
    );
    const findings = lintIFP(bytes);
    expect(findings.length).toBeGreaterThan(63_000);
    const counts = new Map<string, number>();
    for (const f of findings) counts.set(`${f.code} (${f.severity})`, (counts.get(`${f.code} (${f.severity})`) ?? 0) + 1);
    const problems = findings.filter((f) => f.severity !== 'note').length;
    const file = join(mkdtempSync(join(tmpdir(), 'gameanim-problems-')), 'noisy.ifp');
    writeFileSync(file, bytes);
    await withViewer(browser, [], async (page, errors) => {
      await page.setInputFiles('#files', [file]);
      // Polled for a state, never timed: the errors and warnings are counted in the header, the notes apart.
      await page.waitForFunction(
        ({ total, notes }) =>
          document.querySelector('#problem-count')?.textContent?.startsWith(`${total} problems`) &&
          document.querySelector('#problem-count')!.textContent!.endsWith(`; ${notes} notes`),
        { total: problems, notes: findings.length - problems },
        { timeout: 120_000 },
      );
      await page.selectOption('#problem-severity', 'note');
      await page.waitForFunction((codes) => document.querySelectorAll('#problems li.group').length === codes, counts.size, {
        timeout: 120_000,
      });
      const panel = await page.evaluate(() => ({
        nodes: document.querySelectorAll('#problems *').length,
        groups: [...document.querySelectorAll('#problems li.group')].map((item) => item.textContent ?? ''),
        more: [...document.querySelectorAll('#problems li.more')].map((item) => item.textContent ?? ''),
        rows: document.querySelectorAll('#problems li:not(.group, .more)').length,
      }));
      expect(panel.nodes).toBeLessThanOrEqual(1000);
      expect(panel.groups.sort()).toEqual([...counts].map(([code, count]) => `noisy.ifp: ${count} ${code}`).sort());
      // Each large group ends in its own "N more" line.
      for (const code of ['time-repeats', 'time-goes-back'])
        expect(
          panel.more.some((text) => new RegExp(`^\\d+ more ${code} findings$`).test(text)),
          code,
        ).toBe(true);
      expect(panel.rows).toBeGreaterThan(0);
      // The page answers: the clip is listed and selecting it works.
      await page.locator('#animations li[data-clip]', { hasText: 'noisy' }).click();
      expect(await page.evaluate(() => document.querySelector('#animations li.selected')?.textContent?.startsWith('noisy'))).toBe(true);
      expect(errors).toEqual([]);
    });
  }, 180_000);
});
