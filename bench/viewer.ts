// `npm run bench:viewer`: the viewer in headless Chromium (software WebGL), as a user meets it with a
// game's files: how long 41 IFPs and 10 skins take to list, a clip switch to its painted frame
// (median and p90), the DOM nodes with 2,000 animations open, and the JS heap over 200 clip switches.
// The files are made here, in a temporary folder, from the real samples (never committed): copies of
// the SA and III IFPs with their packages renamed, and the sample skins with their dictionaries.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IFPEditor } from 'gameanim';
import type { Browser, Page } from 'playwright-core';
import { REPOSITORY_DIR } from './package-dir.js';
import { largePackage, launchChromium, startViewer } from './viewer-browser.js';

const samples = process.argv[2] ?? join(REPOSITORY_DIR, '..', 'shared', 'samples');
const SOURCES = ['rwparserng_ped_anp3.ifp', 'sa_python_anp3.ifp', 'sa_grenade_anp3.ifp', 'sa_vegasn_anp3.ifp', 'iii_pcanims_ped_anpk.ifp'];
const SKINS = ['dff/sa_skin_plain', 'dff/sa_skin_protected', 'dff/sa_skin_modelspace_frames', 'iii/player', 'iii/gang01'];
const SWITCHES = 200;

/** 41 IFPs (the retail SA anim.img holds about as many packages) and 10 skin files, in `dir`. */
function makeGameFolder(dir: string): string[] {
  const files: string[] = [];
  for (let i = 0; i < 41; i++) {
    const source = SOURCES[i % SOURCES.length]!;
    const name = `pkg${String(i).padStart(2, '0')}`;
    const path = join(dir, `${name}.ifp`);
    writeFileSync(
      path,
      IFPEditor.read(readFileSync(join(samples, source)))
        .renamePackage(name)
        .write(),
    );
    files.push(path);
  }
  for (const skin of SKINS) {
    for (const extension of ['.dff', '.txd']) {
      const path = join(dir, `${skin.replace('/', '_')}${extension}`);
      copyFileSync(join(samples, skin + extension), path);
      files.push(path);
    }
  }
  return files;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function withPage<T>(browser: Browser, files: string[], work: (page: Page) => Promise<T>): Promise<T> {
  const { url, child } = await startViewer(files);
  // Each measure on a page of its own, closed after: a page left open keeps playing and drawing.
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, colorScheme: 'dark' });
  try {
    await page.goto(url, { timeout: 120_000 });
    return await work(page);
  } finally {
    await page.close();
    child.kill();
  }
}

/** Milliseconds from navigation to every file listed (polled each frame). */
async function listing(browser: Browser, files: string[]): Promise<number> {
  return withPage(browser, files, async (page) => {
    const handle = await page.waitForFunction(
      (count) =>
        document.querySelectorAll('#file-list li').length >= count &&
        document.querySelectorAll('#animations li[data-clip]').length > 0 &&
        performance.now(),
      files.length,
      { timeout: 120_000, polling: 'raf' },
    );
    return (await handle.jsonValue()) as number;
  });
}

/** Clicks `count` visible clips in turn; each time, the milliseconds from the click to the frame after the one that drew it. */
function switchClips(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const items = [...document.querySelectorAll<HTMLElement>('#animations li[data-clip]')].slice(0, 12);
      const start = performance.now();
      items[i % items.length]!.click();
      await afterPaint();
      times.push(performance.now() - start);
    }
    return times;
  }, count);
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

const dir = mkdtempSync(join(tmpdir(), 'gameanim-viewer-bench-'));
const browser = await launchChromium();
try {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const files = makeGameFolder(dir);
  console.log(`viewer bench (headless Chromium, software WebGL, 1920x1080; ${files.length} files: 41 IFPs, 10 skin files)`);
  const listed: number[] = [];
  for (let run = 0; run < 3; run++) listed.push(await listing(browser, files));
  console.log(`  listed (navigation to every file listed, 3 runs): median ${ms(percentile(listed, 0.5))}, max ${ms(Math.max(...listed))}`);
  const { switches, heap } = await withPage(browser, files, async (page) => {
    await page.waitForFunction(() => 'firstFrameMs' in window, null, { timeout: 120_000 });
    await switchClips(page, 20); // the page's code compiled, the first clips bound
    const before = await heapUsed(page);
    const switches = await switchClips(page, SWITCHES);
    return { switches, heap: (await heapUsed(page)) / before };
  });
  console.log(
    `  clip switch to the painted frame (${SWITCHES} switches): median ${ms(percentile(switches, 0.5))}, p90 ${ms(percentile(switches, 0.9))}`,
  );
  console.log(`  JS heap after ${SWITCHES} switches: ${(100 * (heap - 1)).toFixed(1)}% over before`);
  const large = join(dir, 'large.ifp');
  writeFileSync(large, largePackage());
  const nodes = await withPage(browser, [large], async (page) => {
    await page.waitForFunction(() => document.querySelectorAll('#animations li[data-clip]').length > 0 && 'firstFrameMs' in window, null, {
      timeout: 120_000,
    });
    return page.evaluate(() => document.getElementsByTagName('*').length);
  });
  console.log(`  DOM nodes with 2,000 animations open: ${nodes}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
