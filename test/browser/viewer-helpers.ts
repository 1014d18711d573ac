// The viewer in a real browser, for the browser tests: `gameanim view` serves it with files preloaded,
// and Debian's Chromium (software WebGL) plays them.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, haveChromium, launchChromium, startViewer } from '../../bench/viewer-browser.js';

export { chromiumPath, haveChromium, launchChromium, startViewer };
if (!haveChromium && process.env['CI']) throw new Error(`CI needs a browser at ${chromiumPath}; .ci/run installs Debian's chromium`);
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** A page at the viewer's URL, collecting console errors and uncaught exceptions. */
export async function openPage(browser: Browser, url: string, viewport = { width: 1400, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  // Dark, as the screenshots and the silhouette test expect (the light theme has its own test).
  const page = await browser.newPage({ viewport, colorScheme: 'dark' });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}

/** Runs `work` on a page of `gameanim view FILES`, and stops the server however it ends. */
export async function withViewer(browser: Browser, files: string[], work: (page: Page, errors: string[]) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  const { url, child } = await startViewer(files);
  try {
    const { page, errors } = await openPage(browser, url, viewport);
    await work(page, errors);
  } finally {
    child.kill();
  }
}

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
    const r = data[4 * i]!, g = data[4 * i + 1]!, b = data[4 * i + 2]!;
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
    let size = 0, minX = width, maxX = 0, minY = height, maxY = 0;
    while (stack.length) {
      const at = stack.pop()!;
      size++;
      const x = at % width, y = (at - x) / width;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      // 8-connected, with a 2-pixel reach so thin skeleton lines drawn over the mesh do not cut it.
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = x + dx, ny = y + dy;
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
