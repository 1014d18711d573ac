// Every error the library throws carries a code from the one merged table: this lists every `throw`
// of src/ (the command line, src/cli/, has its own codes: exit-codes.ts) and fails on one that throws
// something without a code, or a code the runtime tables do not hold. The viewer's throws (viewer/)
// are held to the same rule, with its own codes (viewer/codes.ts) beside the library's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ByteCursor } from '../../src/core/byte-cursor.js';
import type { Code } from '../../src/core/codes.js';
import type {
  ArgumentError,
  DecodeError,
  EditError,
  EncodeError,
  InternalError,
  MissingPeerError,
  StateError,
} from '../../src/core/errors.js';
import { GLTF_CODES } from '../../src/gltf/codes.js';
import { CODES } from '../../src/registry.js';
import { RETARGET_CODES } from '../../src/retarget/codes.js';
import type { RetargetError, RetargetErrorCode } from '../../src/retarget/errors.js';
import { BVH_CODES, FBX_CODES } from '../../src/retarget/sources/source-codes.js';
import { VIEWER_CODES, type ViewerCode } from '../../viewer/codes.js';
import { NotAGameFolder } from '../../viewer/game-index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');
const viewer = join(root, 'viewer');

/** The classes whose every instance has a `code` from the table: the type check below keeps this honest. */
const CODED_CLASSES = [
  'DecodeError',
  'EncodeError',
  'EditError',
  'ArgumentError',
  'StateError',
  'InternalError',
  'MissingPeerError',
  'RetargetError',
  'NotAGameFolder',
];
type Coded =
  | DecodeError
  | EncodeError
  | EditError
  | ArgumentError
  | StateError
  | InternalError
  | MissingPeerError
  | RetargetError
  | ReturnType<ByteCursor['error']>;
// Fails to compile if one of them, or what a cursor's error() returns, has no `code: Code`.
const codesOf = (error: Coded): Code => error.code;
// The viewer's errors carry a code of its own table.
const viewerCodeOf = (error: NotAGameFolder): ViewerCode => error.code;
// The retargeting codes' type is its table's keys, not a list written again beside it.
expectTypeOf<RetargetErrorCode>().toEqualTypeOf<keyof typeof RETARGET_CODES>();

/** Helpers that build a coded error (each returns a DecodeError or EncodeError, typed so in its file). */
const CODED_HELPERS = /^(?:\w+\.error|refuse|missing)\(/;

/** Every code the runtime tables hold: the root's CODES (shared and every registry entry's), the adapters' and the viewer's. */
const ALL_CODES = new Set([
  ...Object.keys(CODES),
  ...Object.keys(GLTF_CODES),
  ...Object.keys(RETARGET_CODES),
  ...Object.keys(BVH_CODES),
  ...Object.keys(FBX_CODES),
  ...Object.keys(VIEWER_CODES),
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return (name === 'cli' && dir === src) || name === 'public' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.config.ts') ? [path] : [];
  });
}

/** The text with comments and the insides of strings blanked (lengths kept), so `throw` and `;` are found only in code. */
function blanked(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  const braces: Array<'code' | 'template'> = [];
  let i = 0;
  const template = () => {
    // Inside a template literal: blank up to its end or a `${`.
    const start = i;
    while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{')) i += text[i] === '\\' ? 2 : 1;
    blank(start, i);
    if (text[i] === '`') i++;
    else if (i < text.length) {
      braces.push('template');
      i += 2;
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2) + 2;
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"') {
      const start = ++i;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      blank(start, i);
      i++;
    } else if (c === '`') {
      i++;
      template();
    } else if (c === '{') {
      braces.push('code');
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop() === 'template') template();
    } else i++;
  }
  return out.join('');
}

/** Each `throw` of a source: its line and the thrown expression's text. */
function throwSites(text: string): Array<{ line: number; expression: string }> {
  const code = blanked(text);
  const sites: Array<{ line: number; expression: string }> = [];
  for (const match of code.matchAll(/(?<![\w$.])throw\s+/g)) {
    const start = match.index + match[0].length;
    let depth = 0;
    let end = start;
    for (; end < code.length; end++) {
      const c = code[end]!;
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      if (depth < 0 || (depth === 0 && c === ';')) break;
    }
    sites.push({ line: text.slice(0, match.index).split('\n').length, expression: text.slice(start, end).trim() });
  }
  return sites;
}

/** Why a thrown expression carries no code from the table, or null when it does. */
function uncoded(expression: string, text: string): string | null {
  const constructed = /^new\s+([\w$]+)\s*\(/.exec(expression);
  if (constructed) return CODED_CLASSES.includes(constructed[1]!) ? null : `new ${constructed[1]} has no code`;
  if (CODED_HELPERS.test(expression)) return null;
  // Rethrowing what a catch clause, or a promise's .catch((error) => ...), caught: its code, if any, is the thrower's.
  if (/^[\w$]+$/.test(expression) && new RegExp(`catch\\s*\\(\\s*\\(?\\s*${expression}\\s*[):]`).test(text)) return null;
  return 'not a coded error';
}

/** The argument of a thrown expression that holds its code: the second of a format error's constructor, else the first. */
function codeArgument(expression: string): string | undefined {
  const open = expression.indexOf('(');
  if (open < 0) return undefined;
  const code = blanked(expression);
  const commas: number[] = [];
  let depth = 0;
  for (let i = open + 1; i < code.length && depth >= 0; i++) {
    if ('([{'.includes(code[i]!)) depth++;
    else if (')]}'.includes(code[i]!)) depth--;
    else if (depth === 0 && code[i] === ',') commas.push(i);
  }
  const bounds = [open, ...commas, expression.length];
  const index = /^new\s+(?:DecodeError|EncodeError|EditError)\b/.test(expression) ? 1 : 0;
  return bounds.length > index + 1 ? expression.slice(bounds[index]! + 1, bounds[index + 1]) : undefined;
}

const files = [...sources(src), ...sources(viewer)];
const sites = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return throwSites(text).map((site) => ({ ...site, at: `${relative(root, file)}:${site.line}`, text }));
});

describe('the errors the library throws', () => {
  it('every throw site of src/ (not src/cli/) and viewer/ throws an error with a code', () => {
    // The count keeps the scan honest: it finds the library's throws (about 190), not none, and the viewer's.
    expect(sites.length).toBeGreaterThan(150);
    expect(
      sites
        .filter(({ at }) => at.startsWith('viewer/'))
        .map(({ at, expression }) => `${at.replace(/:\d+$/, '')}: ${expression.split('(')[0]}`),
    ).toEqual(expect.arrayContaining(['viewer/game-index.ts: new NotAGameFolder', 'viewer/lazy-img.ts: new DecodeError']));
    const bad = sites.flatMap(({ at, expression, text }) => {
      const why = uncoded(expression, text);
      return why ? [`${at}: throw ${expression.split('\n')[0]} (${why})`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('every code a throw site names is in a runtime table (CODES, GLTF_CODES, RETARGET_CODES, BVH_CODES, VIEWER_CODES)', () => {
    const named = sites.flatMap(({ at, expression }) => {
      const argument = codeArgument(expression);
      return [...(argument ?? '').matchAll(/'([a-z][a-z0-9-]*)'/g)]
        .map((m) => ({ at, code: m[1]! }))
        .filter(({ code }) => !ALL_CODES.has(code));
    });
    expect(named).toEqual([]);
    // And it reads them: every site but a rethrow names its code where the test looks.
    expect(sites.filter(({ expression }) => codeArgument(expression)?.includes("'")).length).toBeGreaterThan(150);
  });

  it('the scan finds a throw without a code, a rethrow, and a throw in a comment or string', () => {
    const text = `// throw new Error('in a comment')
const s = \`a \${"b"} throw c\`;
if (x) throw new RangeError('too big');
try { f(); } catch (error) { throw error; }
throw cursor.error('truncated', 0, \`at \${{ a: 1 }.a}\`);
throw oops;
p.catch((reason: unknown) => { throw reason; });`;
    const found = throwSites(text);
    expect(found.map((site) => [site.line, site.expression])).toEqual([
      [3, "new RangeError('too big')"],
      [4, 'error'],
      [5, `cursor.error('truncated', 0, \`at \${{ a: 1 }.a}\`)`],
      [6, 'oops'],
      [7, 'reason'],
    ]);
    expect(found.map((site) => uncoded(site.expression, text))).toEqual([
      'new RangeError has no code',
      null,
      null,
      'not a coded error',
      null,
    ]);
  });

  it('each coded class carries its code at run time', async () => {
    const { ArgumentError, InternalError, MissingPeerError, StateError } = await import('../../src/core/errors.js');
    expect(codesOf(new ArgumentError('size-mismatch', 'm'))).toBe('size-mismatch');
    expect(new ArgumentError('bad-argument', 'm')).toBeInstanceOf(RangeError);
    // Not a RangeError: the library reads a RangeError around wasm memory as the host refusing memory.
    expect(new StateError('released', 'm')).not.toBeInstanceOf(RangeError);
    expect(codesOf(new InternalError('kernel-assertion', 'm'))).toBe('kernel-assertion');
    const peer = new MissingPeerError('three', 'reading FBX');
    expect([peer.code, peer.peer, peer.message]).toEqual([
      'missing-peer',
      'three',
      'reading FBX needs three, an optional peer dependency: npm install three',
    ]);
    const notAGame = new NotAGameFolder('no models/gta3.img here');
    expect([viewerCodeOf(notAGame), notAGame.name, notAGame.message]).toEqual([
      'not-a-game-folder',
      'NotAGameFolder',
      'no models/gta3.img here',
    ]);
    expect(VIEWER_CODES[notAGame.code]).toMatch(/models\/gta3\.img/);
  });
});
