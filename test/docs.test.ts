// The documents a newcomer navigates: a short README that leads to one guide per task, links that
// lead somewhere, and the API reference the build generates for every subpath the package exports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const guides = readdirSync(join(root, 'docs/guides'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/guides/${name}`);
const documents = [
  'README.md',
  ...guides,
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The relative link targets of a Markdown document (outside code fences), without their #fragments. */
function relativeLinks(document: string): string[] {
  const text = readFileSync(join(root, document), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.split('#')[0]!);
}

describe('the documents', () => {
  it('the README is at most 300 lines, starts with the two commands, and links a guide for every task', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme.indexOf('npm ci && npm start')).toBeLessThan(readme.indexOf('## '));
    expect(readme.indexOf('npm ci && npm test')).toBeLessThan(readme.indexOf('## '));
    for (const task of ['read', 'play', 'edit', 'convert', 'retarget', 'view']) expect(readme).toContain(`(docs/guides/${task}.md)`);
  });

  it('every relative link of the README, the guides and docs/*.md names a file or folder that exists', () => {
    const broken = documents.flatMap((document) =>
      relativeLinks(document)
        .filter((target) => !existsSync(resolve(dirname(join(root, document)), target)))
        .map((target) => `${document}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('the build generates the API reference: one page for each subpath the package exports', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/gameanim/package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const modules = Object.keys(manifest.exports)
      .filter((subpath) => subpath === '.' || /^\.\/[a-z0-9]+$/.test(subpath))
      .map((subpath) => (subpath === '.' ? 'index' : subpath.slice(2)));
    expect(modules.length).toBeGreaterThan(10);
    for (const name of modules) expect(existsSync(join(root, `docs/api/modules/${name}.html`)), `docs/api/modules/${name}.html`).toBe(true);
    // The classes a reader of the README meets first are documented from their types.
    for (const name of ['IFPReader', 'DFFReader', 'DecodeError', 'EncodeError', 'IFPEditor'])
      expect(existsSync(join(root, `docs/api/classes/index.${name}.html`)), name).toBe(true);
  });
});
