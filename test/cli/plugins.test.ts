// A format from outside the library, shown by the command line (issue #49, point 3): GAMEANIM_PLUGINS
// names plug-in modules, each given the command line's own library to `register` a made-up format
// with, and optionally its presentation. Without a presentation, `info` shows the format by its
// capabilities, and `dump` and `list` say plainly what they cannot do. The built CLI runs here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeIMG } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gameanim-plugins-'));
const gameanim = (plugins: string[], ...args: string[]) => {
  const env = { ...process.env, GAMEANIM_PLUGINS: plugins.join(delimiter) };
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

// The made-up format: "TOYS", then one byte per bone, its parent's index (255 for a root).
const TOY_FORMAT = `
export default function ({ gameanim }) {
  const { DecodeError, createSkeleton, register } = gameanim;
  register({
    name: 'TOY',
    description: 'a made-up skeleton format',
    extensions: ['.toy'],
    codes: { 'toy-empty': 'a toy skeleton with no bones' },
    sniff: (bytes) => String.fromCharCode(...bytes.subarray(0, 4)) === 'TOYS',
    open(bytes) {
      if (bytes.length <= 4) throw new DecodeError('TOY', 'toy-empty', 4, 'no bones after the magic');
      const parents = [...bytes.subarray(4)].map((parent) => (parent === 255 ? -1 : parent));
      return { parents, warnings: [] };
    },
    warnings: (toy) => toy.warnings,
    skeleton: (toy) => createSkeleton({ names: toy.parents.map((_, i) => 'bone' + i), parents: toy.parents }),
  });
}
`;

// Its presentation, in a second plug-in: it finds the entry the first one registered.
const TOY_PRESENTATION = `
export default function ({ gameanim, registerPresentation }) {
  const format = gameanim.FORMATS.find((entry) => entry.name === 'TOY');
  registerPresentation({
    format,
    summary: (toy) => 'toy skeleton: ' + toy.parents.length + ' bones',
    details: (toy) => toy.parents.map((parent, i) => '  bone' + i + ' <- ' + parent),
    dumpText: (toy, print) => print('parents ' + toy.parents.join(' ')),
    dumpJson: (toy, file) => ({ file, format: 'TOY', parents: toy.parents }),
  });
}
`;

const write = (name: string, text: string | Uint8Array) => {
  writeFileSync(join(dir, name), text);
  return name;
};
const formatPlugin = write('toy-format.mjs', TOY_FORMAT);
const presentationPlugin = write('toy-presentation.mjs', TOY_PRESENTATION);
const toy = (...parents: number[]) => new Uint8Array([...'TOYS'].map((c) => c.charCodeAt(0)).concat(parents));
const bones = write('bones.toy', toy(255, 0, 1));
const empty = write('empty.toy', toy());
const archive = write('toys.img', writeIMG([{ name: 'bones.toy', data: toy(255, 0, 1) }]));

describe('GAMEANIM_PLUGINS', () => {
  it('without the plug-in, the made-up format is no format gameanim reads', () => {
    const shown = gameanim([], 'info', bones);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toMatch(/^gameanim: bones\.toy: not a format gameanim reads \(it starts with "TOYS"\)/);
  });

  it('registers a format; info shows it by its capabilities: name, description, size and skeleton', () => {
    const shown = gameanim([formatPlugin], 'info', bones);
    expect(shown).toEqual({
      code: 0,
      stdout:
        'bones.toy: TOY (a made-up skeleton format), 7 bytes: a skeleton of 3 bones (a registered format without a presentation: shown by its capabilities)\n',
      stderr: '',
    });
    expect(JSON.parse(gameanim([formatPlugin], 'info', '--json', bones).stdout).files[0]).toMatchObject({
      file: bones,
      format: 'TOY',
      warnings: [],
    });
  });

  it("the help's list of formats names it (and only with the plug-in)", () => {
    const line = /^ {2}TOY {3}a made-up skeleton format \(\.toy\)$/m;
    expect(gameanim([formatPlugin], '--help').stdout).toMatch(line);
    expect(gameanim([formatPlugin], 'info', '--help').stdout).toMatch(line);
    expect(gameanim([], '--help').stdout).not.toMatch(/TOY/);
  });

  it("an archive's entry of the format is shown so too", () => {
    // The archive pads its entry to a 2048-byte sector, and the made-up format reads each zero of the padding as a bone.
    expect(gameanim([formatPlugin], 'info', archive)).toEqual({
      code: 0,
      stdout:
        'toys.img: IMG VER2, 1 entry\n  bones.toy: TOY (a made-up skeleton format), 2048 bytes: a skeleton of 2044 bones\n  total: 1 TOY entry, 0 animations, 0 tracks, 0 keyframes\n',
      stderr: '',
    });
  });

  it("its DecodeError is the command line's: one line naming the format and the offset, exit 1", () => {
    const shown = gameanim([formatPlugin], 'info', empty);
    expect(shown.code).toBe(1);
    expect(shown.stdout).toBe('');
    expect(shown.stderr).toBe('gameanim: empty.toy: TOY: no bones after the magic (at byte 4)\n');
  });

  it('dump and list say plainly what they cannot do for it, exit 1', () => {
    const dumped = gameanim([formatPlugin], 'dump', bones);
    expect(dumped.code).toBe(1);
    expect(dumped.stderr).toBe(
      'gameanim: bones.toy: gameanim cannot dump TOY (a made-up skeleton format): it was registered without a presentation that dumps it; gameanim info shows what it holds\n',
    );
    const listed = gameanim([formatPlugin], 'list', bones);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toBe('gameanim: bones.toy: a TOY file holds no animations to list\n');
  });

  it('with a presentation registered, info and dump print it', () => {
    const both = [formatPlugin, presentationPlugin];
    expect(gameanim(both, 'info', bones)).toEqual({
      code: 0,
      stdout: 'bones.toy: toy skeleton: 3 bones\n  bone0 <- -1\n  bone1 <- 0\n  bone2 <- 1\n',
      stderr: '',
    });
    expect(gameanim(both, 'dump', bones)).toEqual({ code: 0, stdout: 'parents -1 0 1\n', stderr: '' });
    expect(JSON.parse(gameanim(both, 'dump', '--json', bones).stdout)).toEqual({ file: bones, format: 'TOY', parents: [-1, 0, 1] });
  });

  it('a plug-in that cannot be loaded, has no default function or throws: one line, exit 2', () => {
    const missing = gameanim(['missing.mjs'], 'info', bones);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^gameanim: GAMEANIM_PLUGINS: cannot load the plug-in missing\.mjs: [^\n]*missing\.mjs[^\n]*\n$/);
    const bare = write('bare.mjs', 'export const nothing = 1;\n');
    expect(gameanim([bare], 'info', bones)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'gameanim: GAMEANIM_PLUGINS: the plug-in bare.mjs has no default export function (host) => { ... }\n',
    });
    // The presentation alone: its entry is not registered, so registerPresentation refuses it.
    const alone = gameanim([presentationPlugin], 'info', bones);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/^gameanim: GAMEANIM_PLUGINS: the plug-in toy-presentation\.mjs failed: [^\n]+\n$/);
  });
});
