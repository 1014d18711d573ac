// The engine examples (examples/three, examples/babylon, built into packages/gameanim/examples) in
// headless Chromium: each page loads a ped with the .txd beside it and an IFP through the engine's own
// loading, and plays walk_player with the engine's own mixer or animation group. The bones' matrices
// the engine computes at two times equal the library's sampler, the page logs no error, and the
// textures are on the model (drawing it without them changes thousands of pixels).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { decode as decodePng } from 'fast-png';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, poseToMatrices, sampleClip } from '../../src/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { serveFolders, type StaticServer } from '../helpers/static-server.js';
import { CHROMIUM, closeChromium, launchChromium, newPage, root, TEST_LIMIT, WAIT } from './viewer-helpers.js';

interface ExampleHooks {
  example: { warnings: string[]; poseAt(time: number): number[][] | Promise<number[][]>; showTextures(on: boolean): void | Promise<void> };
}

const MODELS = [
  { model: 'dff/sa_skin_plain.dff', anims: 'rwparserng_ped_anp3.ifp', what: 'an SA skin' },
  // gang01, not player: player.dff names the skin the game picks at run time, which player.txd lacks.
  { model: 'iii/gang01.dff', anims: 'iii_pcanims_ped_anpk.ifp', what: "GTA III's gang01" },
];
const TIMES = [0.3, 0.8];

/** The library's own bone world matrices of walk_player on the model at `time`. */
function samplerMatrices(model: string, anims: string, time: number): Float32Array {
  const skeleton = new DFFReader(sample(model)).skeleton!;
  const pose = createPose(skeleton);
  sampleClip(bindClip(new IFPReader(sample(anims)).getAnimation('walk_player')!, skeleton), time, pose);
  return poseToMatrices(pose, skeleton);
}

/** The canvas as RGBA pixels. */
async function pixels(page: Page): Promise<Uint8Array> {
  const png = decodePng(await page.locator('#scene').screenshot());
  if (png.channels !== 4 && png.channels !== 3) throw new Error(`a PNG of ${png.channels} channels`);
  return png.channels === 4
    ? (png.data as Uint8Array)
    : Uint8Array.from({ length: (png.data.length / 3) * 4 }, (_, i) => (i % 4 === 3 ? 255 : png.data[Math.floor(i / 4) * 3 + (i % 4)]!));
}

describeWith([CHROMIUM, SAMPLES], 'the engine examples in headless Chromium', { timeout: TEST_LIMIT }, () => {
  let browser: Browser;
  let server: StaticServer;
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    for (const engine of ['three', 'babylon'])
      if (!existsSync(join(root, `packages/gameanim/examples/${engine}/main.js`)))
        throw new Error('the examples are not built: run npm run build (npm test does it first)');
    server = await serveFolders({ '/samples/': samplesDir, '/': root });
    browser = await launchChromium();
    page = await newPage(browser, { viewport: { width: 640, height: 480 } });
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
  }, WAIT);
  afterAll(async () => {
    await closeChromium(browser);
    await server?.close();
  }, WAIT);

  for (const engine of ['three', 'babylon'])
    for (const { model, anims, what } of MODELS)
      it(`${engine}: ${what} with its .txd and walk_player: bone matrices equal the sampler's (1e-4) at ${TIMES.join(' s and ')} s, no error logged, textures drawn`, async () => {
        errors.length = 0;
        await page.goto(
          `${server.origin}/packages/gameanim/examples/${engine}/index.html?model=/samples/${model}&anims=/samples/${anims}&clip=walk_player`,
        );
        await page.waitForFunction(() => 'example' in window, null, { timeout: WAIT });
        let largest = 0;
        for (const time of TIMES) {
          const matrices = await page.evaluate((at) => (window as unknown as ExampleHooks).example.poseAt(at), time);
          const expected = samplerMatrices(model, anims, time);
          expect(matrices).toHaveLength(expected.length / 16);
          matrices.forEach((matrix, bone) =>
            matrix.forEach((value, k) => (largest = Math.max(largest, Math.abs(value - expected[16 * bone + k]!)))),
          );
        }
        const textured = await pixels(page);
        await page.evaluate(() => (window as unknown as ExampleHooks).example.showTextures(false));
        const plain = await pixels(page);
        let changed = 0;
        for (let i = 0; i < textured.length; i += 4)
          if (
            Math.abs(textured[i]! - plain[i]!) + Math.abs(textured[i + 1]! - plain[i + 1]!) + Math.abs(textured[i + 2]! - plain[i + 2]!) >
            24
          )
            changed++;
        console.log(
          `engine examples: ${engine}, ${what}: largest bone matrix difference from the sampler ${largest.toExponential(2)}; ${changed} pixels change without the textures`,
        );
        expect(largest).toBeLessThan(1e-4);
        expect(changed).toBeGreaterThan(2000);
        expect(errors).toEqual([]);
      });
});
