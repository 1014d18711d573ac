// The flags of every command, in one table: the parser reads only these, and the help test checks each
// one is in its command's help, so the help cannot lose a flag the parser takes.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';

type Option = NonNullable<ParseArgsConfig['options']>[string];

export const FLAGS = {
  anim: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  out: { type: 'string', short: 'o' },
  corpus: { type: 'string' },
  quick: { type: 'boolean' },
  force: { type: 'boolean' },
  record: { type: 'boolean' },
  skeleton: { type: 'string' },
  gltf: { type: 'boolean' },
  'embed-images': { type: 'boolean' },
  format: { type: 'string' },
  port: { type: 'string' },
  'z-up': { type: 'boolean' },
  jobs: { type: 'string' },
  fps: { type: 'string' },
  'per-animation': { type: 'boolean' },
  name: { type: 'string' },
  like: { type: 'string' },
  rename: { type: 'string', multiple: true },
  delete: { type: 'string', multiple: true },
  speed: { type: 'string', multiple: true },
  trim: { type: 'string', multiple: true },
  merge: { type: 'string', multiple: true },
  package: { type: 'string', multiple: true },
  reduce: { type: 'string', multiple: true },
  'in-place': { type: 'boolean' },
  txd: { type: 'string' },
  scene: { type: 'string' },
  severity: { type: 'string' },
  ignore: { type: 'string', multiple: true },
  rules: { type: 'boolean' },
  to: { type: 'string' },
  map: { type: 'string' },
  'source-pose': { type: 'string' },
  'ground-from': { type: 'string' },
  'no-foot-lock': { type: 'boolean' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, Option>;

export type Flag = keyof typeof FLAGS;

/** The flags each command takes besides --help. Every command that prints results takes --json. */
export const COMMAND_FLAGS: Record<string, readonly Flag[]> = {
  info: ['json'],
  list: ['json'],
  dump: ['anim', 'json'],
  bind: ['skeleton', 'json'],
  export: ['anim', 'out', 'gltf', 'embed-images', 'force', 'z-up', 'jobs', 'per-animation', 'fps', 'json', 'txd', 'scene'],
  import: ['skeleton', 'out', 'format', 'force', 'name', 'like', 'fps', 'json'],
  retarget: ['to', 'out', 'map', 'source-pose', 'ground-from', 'no-foot-lock', 'strict', 'name', 'force', 'json'],
  view: ['port'],
  img: ['out', 'force', 'json', 'in-place', 'format'],
  edit: ['out', 'force', 'json', 'format', 'rename', 'delete', 'speed', 'trim', 'merge', 'package', 'reduce', 'skeleton'],
  diff: ['json'],
  lint: ['json', 'skeleton', 'severity', 'ignore', 'rules'],
  txd: ['out', 'force', 'json'],
  bench: ['corpus', 'quick', 'out', 'record', 'force', 'json'],
};

/** The commands that take --json, in the table's order. */
export const JSON_COMMANDS = Object.keys(COMMAND_FLAGS).filter((command) => COMMAND_FLAGS[command]!.includes('json'));

/** How far apart two words are: insertions, deletions and substitutions (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The command's flag nearest to a mistyped one (at most 2 edits, and fewer than the word's length), if any. */
export function nearestFlag(typed: string, flags: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, typed.length - 1);
  for (const flag of flags) {
    const d = distance(typed, flag);
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = flag;
      bestDistance = d;
    }
  }
  return best;
}

/** A usage error about the command's flags: one line, naming the command and where its help is. */
const flagError = (command: string, what: string) => new UsageError(`${what} (see gameanim ${command} --help)`, undefined, command);

/**
 * The command's arguments parsed with its flags only. An unknown flag, a flag without its value, or
 * a value given to a flag that takes none is a one-line usage error (with the nearest flag, when one
 * is close), never Node's message and the whole help.
 */
export function parseCommand(command: string, args: string[]) {
  const names: readonly Flag[] = [...(Object.hasOwn(COMMAND_FLAGS, command) ? COMMAND_FLAGS[command]! : []), 'help'];
  const options = Object.fromEntries(names.map((name) => [name, FLAGS[name]])) as Record<string, Option>;
  const { tokens } = parseArgs({ args, allowPositionals: true, strict: false, tokens: true, options });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) {
      const typed = token.rawName.startsWith('--') ? token.name : token.rawName.slice(1);
      const near = token.rawName.startsWith('--') ? nearestFlag(typed, names) : undefined;
      throw flagError(command, `unknown option ${token.rawName}${near ? `; did you mean --${near}?` : ''}`);
    }
    if (option.type === 'boolean' && token.value !== undefined) throw flagError(command, `--${token.name} takes no value`);
    if (option.type === 'string' && token.value === undefined) throw flagError(command, `${token.rawName} takes a value`);
    // "--out --force": Node refuses a value that looks like a flag; one can still be given as --out=-X.
    if (option.type === 'string' && !token.inlineValue && token.value!.startsWith('-'))
      throw flagError(command, `${token.rawName} takes a value, not the flag ${token.value}; for a value that starts with -, write --${token.name}=VALUE`);
  }
  try {
    const parsed = parseArgs({ args, allowPositionals: true, strict: true, tokens: true, options });
    // The flags in the order given, for the commands whose flags are steps (edit).
    const flags = parsed.tokens.flatMap((token) => (token.kind === 'option' ? [{ name: token.name, value: token.value }] : []));
    return { values: parsed.values, positionals: parsed.positionals, flags };
  } catch (error) {
    // Whatever the checks above did not foresee: still one line.
    throw flagError(command, (error as Error).message.split('\n')[0]!);
  }
}
