// The format entry is the one plug-in unit: each entry of the library's registry comes with what a
// format needs around it, and nothing else names formats. Adding a format and forgetting one of these
// fails here, naming the entry and what is missing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODES, FORMATS, type AnyFileFormat } from '../src/index.js';
import { PRESENTATIONS } from '../src/cli/present/index.js';
import { HELP } from '../src/cli/usage.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'packages/gameanim/package.json'), 'utf8'));

/** Each entry's folder: the src/<folder>/index.ts that exports it. */
const folderOf = new Map<AnyFileFormat, string>();
const formatFolders = readdirSync(join(root, 'src')).filter((name) => existsSync(join(root, 'src', name, 'format.ts')));
for (const folder of formatFolders) {
  const module: Record<string, unknown> = await import(`../src/${folder}/index.ts`);
  for (const value of Object.values(module)) if (FORMATS.includes(value as AnyFileFormat)) folderOf.set(value as AnyFileFormat, folder);
}
const entries = FORMATS.map((format) => ({ format, folder: folderOf.get(format)!, label: `${format.name} (${format.description})` }));

describe('the format registry', () => {
  it('lists every entry a format folder exports, each found in its folder', () => {
    expect(entries.filter(({ folder }) => !folder).map(({ label }) => label)).toEqual([]);
    expect(formatFolders.filter((folder) => ![...folderOf.values()].includes(folder))).toEqual([]);
  });

  it('gives every entry a package subpath, ./<folder>, built by the package', () => {
    expect(entries.filter(({ folder }) => !pkg.exports[`./${folder}`]).map(({ label }) => label)).toEqual([]);
  });

  it('gives every entry a fuzz target: a file in test/fuzz/ that names its folder', () => {
    const targets = readdirSync(join(root, 'test/fuzz')).filter((name) => name.endsWith('.fuzz.test.ts'));
    expect(
      entries
        .filter(
          ({ folder }) =>
            !targets.some(
              (name) => name.startsWith(`${folder}.`) || readFileSync(join(root, 'test/fuzz', name), 'utf8').includes(`src/${folder}/`),
            ),
        )
        .map(({ label }) => label),
    ).toEqual([]);
  });

  it('gives every entry a format document: docs/formats/<folder>.md, or one whose title names the format', () => {
    const docs = readdirSync(join(root, 'docs/formats')).filter((name) => name.endsWith('.md'));
    const documented = ({ format, folder }: (typeof entries)[number]) =>
      docs.some(
        (name) =>
          name === `${folder}.md` ||
          new RegExp(`\\b${format.name}\\b`).test(readFileSync(join(root, 'docs/formats', name), 'utf8').split('\n')[0]!),
      );
    expect(entries.filter((entry) => !documented(entry)).map(({ label }) => label)).toEqual([]);
  });

  it('gives every entry a fixture: a file in fixtures/ it opens without an error', () => {
    const fixtures = readdirSync(join(root, 'fixtures')).filter((name) => name.includes('.'));
    const opens = (format: AnyFileFormat, name: string) => {
      const bytes = new Uint8Array(readFileSync(join(root, 'fixtures', name)));
      if (!format.sniff(bytes) && !format.extensions.some((extension) => name.endsWith(extension))) return false;
      try {
        format.open(bytes);
        return true;
      } catch {
        return false;
      }
    };
    expect(entries.filter(({ format }) => !fixtures.some((name) => opens(format, name))).map(({ label }) => label)).toEqual([]);
  });

  it('gives every entry one presentation in the command line, and names every format in its help', () => {
    const shown = (format: AnyFileFormat) =>
      PRESENTATIONS.get(format)?.format === format && PRESENTATIONS.get(format)?.dumpText && PRESENTATIONS.get(format)?.dumpJson;
    expect(entries.filter(({ format }) => !shown(format)).map(({ label }) => label)).toEqual([]);
    expect([...PRESENTATIONS.keys()].filter((format) => !FORMATS.includes(format)).map((format) => format.name)).toEqual([]);
    for (const command of ['main', 'info', 'dump'])
      expect(
        entries.filter(({ format }) => !HELP[command]!.includes(format.description)).map(({ label }) => `${command}: ${label}`),
      ).toEqual([]);
  });

  it('takes the built-in entries through register, one line each, as a plug-in enters: no list of them', async () => {
    const source = readFileSync(join(root, 'src/registry.ts'), 'utf8');
    const registered = [...source.matchAll(/^register\((\w+)\);$/gm)].map((match) => match[1]);
    const library: Record<string, unknown> = await import('../src/index.js');
    expect(registered.map((name) => library[name!])).toEqual([...FORMATS]);
    expect(source).not.toMatch(/AnyFileFormat\[\] = \[\w/);
  });

  it("assembles CODES from every entry's codes and the shared ones", () => {
    for (const { format } of entries) expect(Object.keys(CODES)).toEqual(expect.arrayContaining(Object.keys(format.codes)));
    expect(CODES['truncated']).toMatch(/ends inside/);
  });
});
