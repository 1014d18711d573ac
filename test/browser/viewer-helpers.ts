// The viewer in a real browser, for the browser tests: `gameanim view` serves it with files preloaded,
// and Debian's Chromium (software WebGL) plays them. The tests poll for the state they check, never
// sleep: a loaded machine makes them slower, not wrong.
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { chromiumPath, haveChromium, launchChromium, startViewer } from '../../bench/viewer-browser.js';

// Chromium and the view server come from the module the viewer bench shares.
export { chromiumPath, haveChromium, launchChromium, startViewer };
/** A Chromium to drive, for `describeWith`/`itWith`. */
export const CHROMIUM = {
  met: haveChromium,
  missing: `no browser at ${chromiumPath} (set CHROMIUM_PATH; .ci/run installs Debian's chromium)`,
} as const;
if (!haveChromium && process.env['CI']) throw new Error(`CI needs a browser at ${chromiumPath}; .ci/run installs Debian's chromium`);
export const root = fileURLToPath(new URL('../../', import.meta.url));
/** The limit of any one wait in a page (a click, a selector, a state polled for): far above what a busy 2-core machine needs. */
export const WAIT = 120_000;
/** Each test's limit, above its waits and the work between them (vitest.config.ts gives 60 s). */
export const TEST_LIMIT = 240_000;

/** A new page whose every wait (clicks, selectors, downloads) may take up to WAIT. */
export async function newPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(WAIT);
  return page;
}

/** The shared page's size: the screenshots and silhouettes are measured at it. */
export const VIEWPORT = { width: 1400, height: 900 };

/** The page withViewer opens each viewer in: one for the whole file, collecting console errors and uncaught exceptions. */
let shared: { page: Page; errors: string[] } | undefined;

/** The shared page at the viewer's URL, its errors cleared. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  if (!shared) {
    // Dark, as the screenshots and the silhouette test expect (the light theme has its own test).
    const page = await newPage(browser, { viewport: VIEWPORT, colorScheme: 'dark' });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    shared = { page, errors };
  }
  shared.errors.length = 0;
  await shared.page.goto(url);
  return shared;
}

/** Runs `work` on a page of `gameanim view FILES`, and stops the server however it ends. */
export async function withViewer(
  browser: Browser,
  files: string[],
  work: (page: Page, errors: string[]) => Promise<void>,
  viewport?: { width: number; height: number },
): Promise<void> {
  const { url, child } = await startViewer(files);
  try {
    const { page, errors } = await openPage(browser, url);
    if (viewport) await page.setViewportSize(viewport);
    try {
      await work(page, errors);
    } finally {
      // A viewer left open goes on drawing, taking the CPU the next test needs; a test may have made
      // the page smaller. (A page that cannot leave is for the next goto to report: this must not hide
      // the test's own failure.)
      await page.goto('about:blank').catch(() => undefined);
      await page.setViewportSize(VIEWPORT).catch(() => undefined);
    }
  } finally {
    child.kill();
  }
}

/** The viewer's counts of frames drawn (viewerScene.renders) and animation frames run (drawing or not). */
export const frameCounts = (page: Page) =>
  page.evaluate(() => {
    const viewer = window as unknown as { viewerScene: { renders: number }; animationFrames: number };
    return { drawn: viewer.viewerScene.renders, run: viewer.animationFrames };
  });

/** Waits until the viewer has drawn `drawn` more frames and run `run` more animation frames than now: frames counted, not time slept. */
export async function framesPass(page: Page, more: { drawn?: number; run?: number }): Promise<void> {
  const now = await frameCounts(page);
  const target = { drawn: now.drawn + (more.drawn ?? 0), run: now.run + (more.run ?? 0) };
  await page.waitForFunction(
    ({ drawn, run }) => {
      const viewer = window as unknown as { viewerScene: { renders: number }; animationFrames: number };
      return viewer.viewerScene.renders >= drawn && viewer.animationFrames >= run;
    },
    target,
    { timeout: WAIT },
  );
}

/** The clock's time in seconds. */
export const clock = async (page: Page) => Number((await page.textContent('#clock'))!.replace(' s', ''));

export async function canvasShot(page: Page, selector: string): Promise<Buffer> {
  return page.locator(selector).screenshot();
}

/**
 * Runs in the page: the lit mesh's pixels on the 3D canvas (bright and grey, unlike the dark
 * background, the grid and the coloured skeleton lines), their connected regions, and the bounding box
 * of the largest.
 */
export function silhouette(): { pixels: number; largestShare: number; width: number; height: number } {
  const source = document.querySelector('#scene') as HTMLCanvasElement;
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(source, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const body = new Uint8Array(width * height);
  let pixels = 0;
  for (let i = 0; i < width * height; i++) {
    const r = data[4 * i]!,
      g = data[4 * i + 1]!,
      b = data[4 * i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) < 60 && (r + g + b) / 3 > 100) {
      body[i] = 1;
      pixels++;
    }
  }
  const label = new Int32Array(width * height).fill(-1);
  let largest = 0;
  let box = { width: 0, height: 0 };
  for (let start = 0; start < width * height; start++) {
    if (!body[start] || label[start]! >= 0) continue;
    const stack = [start];
    label[start] = start;
    let size = 0,
      minX = width,
      maxX = 0,
      minY = height,
      maxY = 0;
    while (stack.length) {
      const at = stack.pop()!;
      size++;
      const x = at % width,
        y = (at - x) / width;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      // 8-connected, with a 2-pixel reach so thin skeleton lines drawn over the mesh do not cut it.
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = x + dx,
            ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (body[next] && label[next]! < 0) {
            label[next] = start;
            stack.push(next);
          }
        }
      }
    }
    if (size > largest) {
      largest = size;
      box = { width: maxX - minX + 1, height: maxY - minY + 1 };
    }
  }
  return { pixels, largestShare: pixels ? largest / pixels : 0, ...box };
}

/** Closes the browser a describe block launched, and forgets the page it shared. */
export async function closeChromium(browser: Browser | undefined): Promise<void> {
  await browser?.close();
  shared = undefined;
}
