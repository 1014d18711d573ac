#!/usr/bin/env node
// The `gameanim` command line: exit 0 ok, 1 a problem with an input (after every other input), 2 a usage error,
// 3 a missing optional peer; an error that reaches the top exits by its code (exit-codes.ts).
import { statSync } from 'node:fs';
import { CODES, isLintCode, LINT_SEVERITIES, type LintCode, type LintSeverity } from 'gameanim';
import { bench } from './commands/bench.js';
import { bind } from './commands/bind.js';
import { exportBatch } from './commands/export-batch.js';
import { exportScene } from './commands/export-scene.js';
import { exportCommand, importCommand } from './commands/gltf.js';
import { retargetCommand } from './commands/retarget.js';
import { diff, edit, editSteps } from './commands/edit.js';
import { lint, lintRules } from './commands/lint.js';
import { imgCreate } from './commands/img-create.js';
import { imgEdit } from './commands/img-edit.js';
import { txdExtract, txdList } from './commands/txd.js';
import { view } from './commands/view.js';
import { dump } from './commands/dump.js';
import { imgExtract, imgList } from './commands/img.js';
import { info } from './commands/info.js';
import { list } from './commands/list.js';
import type { CommandResult } from './commands/result.js';
import { CLI_VERSION } from './package-dir.js';
import { parseCommand } from './flags.js';
import { exactJson, printable } from './text.js';
import { CLI_CODES, exitCodeOf } from './exit-codes.js';
import { HELP, UsageError } from './usage.js';

// Names from files are printed with their control characters escaped, so no file can drive the terminal.
let stdoutClosed = false;
const print = (line: string) => void (stdoutClosed || process.stdout.write(`${printable(line)}\n`));
const printError = (line: string) => void process.stderr.write(`gameanim: ${printable(line)}\n`);
// A reader that stops early (| head) is not an error: the command finishes without printing, and
// exits as it would have (1 after an input error).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stdoutClosed = true;
});

const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** An IMG archive (by name) or an output that is a folder (ends with a separator or is one) means the batch export. */
function isBatchTarget(anims: string, out: string): boolean {
  return /\.(img|dir)$/i.test(anims) || /[\\/]$/.test(out) || isDirectory(out);
}

/** An output named as one glTF file (and not a folder already there): what the user asked for is one file. */
const isOneFileTarget = (out: string) => /\.(glb|gltf)$/i.test(out) && !isDirectory(out);

async function run(argv: string[]): Promise<CommandResult | 'help'> {
  const [command, ...args] = argv;
  if (command === '--version' || command === '-v') {
    print(CLI_VERSION);
    return 'help';
  }
  if (!command) throw new UsageError('no command given', HELP['main']);
  if (command === '--help' || command === '-h' || command === 'help') {
    print(HELP['main']!);
    return 'help';
  }
  // Own keys only: `toString`, `constructor` and `__proto__` are the table's inherited keys, not commands.
  if (!Object.hasOwn(HELP, command) || command === 'main') throw new UsageError(`unknown command "${command}" (gameanim --help lists the commands)`);
  const { values: parsed, positionals, flags } = parseCommand(command, args);
  const values = parsed as Record<string, string | boolean | undefined>;
  if (values['help']) {
    print(HELP[command]!);
    return 'help';
  }
  const json = Boolean(values['json']);
  const some = (what: string) => {
    if (!positionals.length) throw new UsageError(`${command} takes at least one ${what}`, HELP[command]);
    return positionals;
  };

  const fps = values['fps'] === undefined ? undefined : Number(values['fps']);
  if (fps !== undefined && !(Number.isFinite(fps) && fps > 0 && fps <= 1000))
    throw new UsageError(`--fps takes a rate in frames per second, above 0 and at most 1000, not ${values['fps']} (see gameanim ${command} --help)`, undefined, command);

  switch (command) {
    case 'info':
      return info(some('FILE'), print, json);
    case 'list':
      return list(some('FILE'), print, json);
    case 'dump':
      if (((values['anim'] as unknown as string[] | undefined)?.length ?? 0) > 1) throw new UsageError('dump takes one --anim', HELP['dump']);
      return dump(some('FILE'), { anim: (values['anim'] as unknown as string[] | undefined)?.[0], json }, print);
    case 'view': {
      // Digits only: Number('') and Number(' ') are 0, which would mean "any port".
      const given = values['port'] as string | undefined;
      const port = given === undefined ? 0 : /^[0-9]{1,5}$/.test(given) ? Number(given) : Number.NaN;
      if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port takes a port number from 0 to 65535, not "${given}" (see gameanim view --help)`, undefined, 'view');
      return view(positionals, port, print);
    }
    case 'export': {
      const out = values['out'] as string | undefined;
      const scene = values['scene'] as string | undefined;
      // The output's name says the container: OUT.gltf is JSON with its .bin and images beside it,
      // OUT.glb binary; --gltf asks for JSON under any other name, and contradicts a .glb.
      const named = out === undefined ? null : /\.gltf$/i.test(out) ? 'gltf' : /\.glb$/i.test(out) ? 'glb' : null;
      if (named === 'glb' && values['gltf']) throw new UsageError(`--gltf writes a JSON .gltf, but ${out} names a binary .glb: name it .gltf, or leave out --gltf`, undefined, 'export');
      const gltf = named === 'gltf' || Boolean(values['gltf']);
      if (scene !== undefined) {
        if (!out || positionals.length < 1)
          throw new UsageError('export --scene takes the cutscene IFP, then its MODELs (and their .txd): export --scene CUTSCENE.ifp MODEL.dff... -o OUT.glb', HELP['export']);
        if (values['anim'] || values['jobs'] || values['per-animation'] || values['txd'] || values['fps'])
          throw new UsageError(
            'export --scene plays each model on the animation of its name, in one file: it takes no --anim, --jobs, --per-animation, --fps or --txd (give each MODEL.txd among the files)',
            HELP['export'],
          );
        if (values['embed-images'] && !gltf) throw new UsageError('--embed-images is for a .gltf (a .glb holds its images already)', HELP['export']);
        return exportScene(scene, positionals, { out, gltf, embedImages: Boolean(values['embed-images']), force: Boolean(values['force']), zUp: Boolean(values['z-up']), json }, print);
      }
      if (positionals.length < 1 || !out) throw new UsageError('export takes [MODEL] ANIMS -o OUT.glb (or MODEL FILE... -o DIR)', HELP['export']);
      const jobs = values['jobs'] === undefined ? undefined : Number(values['jobs']);
      if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1))
        throw new UsageError(`--jobs takes a whole number of worker threads, 1 or more, not ${values['jobs']} (see gameanim export --help)`, undefined, 'export');
      const anims = (values['anim'] as unknown as string[] | undefined) ?? [];
      const txd = values['txd'] as string | undefined;
      const oneFile = { out, anims, gltf, embedImages: Boolean(values['embed-images']), force: Boolean(values['force']), zUp: Boolean(values['z-up']), fps, json, txd };
      if (values['embed-images'] && !gltf) throw new UsageError('--embed-images is for a .gltf (a .glb holds its images already)', HELP['export']);
      const folderOnly = jobs !== undefined || values['per-animation'];
      // One file: its clips on nodes named after their tracks, without a model.
      if (positionals.length === 1) {
        if ((isBatchTarget(positionals[0]!, out) && !isOneFileTarget(out)) || folderOnly) throw new UsageError('export over many files takes a MODEL: export MODEL FILE... -o DIR', HELP['export']);
        return exportCommand(undefined, positionals, oneFile, print);
      }
      // Several inputs (or an archive) into a file named .glb or .gltf: every clip into that one file, never a folder of that name.
      if (isOneFileTarget(out)) {
        if (folderOnly) throw new UsageError(`--jobs and --per-animation write a folder of files; ${out} is one file (give -o DIR/)`, HELP['export']);
        return exportCommand(positionals[0]!, positionals.slice(1), oneFile, print);
      }
      // Many files, an archive, or a folder to write into: the whole-game export on worker threads.
      if (positionals.length > 2 || isBatchTarget(positionals[1]!, out) || folderOnly) {
        if (values['gltf']) throw new UsageError('--gltf writes one file: export MODEL ANIMS... -o OUT.gltf', HELP['export']);
        return exportBatch(
          positionals[0]!,
          positionals.slice(1),
          { out, force: Boolean(values['force']), zUp: Boolean(values['z-up']), jobs, perAnimation: Boolean(values['per-animation']), fps, json, anims, txd },
          print,
        );
      }
      return exportCommand(positionals[0]!, positionals.slice(1), oneFile, print);
    }
    case 'import': {
      const out = values['out'] as string | undefined;
      const skeleton = values['skeleton'] as string | undefined;
      if (positionals.length !== 1 || !out || !skeleton) throw new UsageError('import takes EDITED.glb (or EDITED.gltf) --skeleton MODEL -o OUT.ifp', HELP['import']);
      return importCommand(
        positionals[0]!,
        {
          skeleton,
          out,
          format: (values['format'] as string | undefined) ?? 'ANP3',
          force: Boolean(values['force']),
          name: values['name'] as string | undefined,
          like: values['like'] as string | undefined,
          fps,
          json,
        },
        print,
      );
    }
    case 'retarget': {
      const out = values['out'] as string | undefined;
      const to = values['to'] as string | undefined;
      if (positionals.length !== 1 || !out || !to) throw new UsageError('retarget takes SOURCE --to MODEL.dff -o OUT.ifp', HELP['retarget']);
      return retargetCommand(
        positionals[0]!,
        {
          to,
          out,
          map: values['map'] as string | undefined,
          sourcePose: values['source-pose'] as string | undefined,
          groundFrom: values['ground-from'] as string | undefined,
          footLock: !values['no-foot-lock'],
          strict: Boolean(values['strict']),
          name: values['name'] as string | undefined,
          force: Boolean(values['force']),
          json,
        },
        print,
      );
    }
    case 'bind': {
      // `bind MODEL FILE...`, or `bind FILE... --skeleton MODEL`.
      const skeleton = values['skeleton'] as string | undefined;
      if (skeleton ? positionals.length < 1 : positionals.length < 2) throw new UsageError('bind takes a MODEL and animation FILEs (or FILE... --skeleton MODEL)', HELP['bind']);
      return skeleton ? bind(skeleton, positionals, print, json) : bind(positionals[0]!, positionals.slice(1), print, json);
    }
    case 'img': {
      const [action, archive, ...names] = positionals;
      if (action === 'create' && archive) {
        if (values['out'] !== undefined || values['in-place']) throw new UsageError('img create takes the new archive first (img create OUT.img FILE...), not -o or --in-place', HELP['img']);
        return imgCreate(archive, names, { format: values['format'] as string | undefined, force: Boolean(values['force']), json }, print);
      }
      if (values['format'] !== undefined) throw new UsageError("only img create takes --format (VER2 or V1): an edit keeps its archive's version", HELP['img']);
      // `gameanim list` lists clips, so `img list` is a natural slip: one line, not the whole help.
      if (action === 'list') throw new UsageError('img has no "list": did you mean img ls ARCHIVE?');
      if (action === 'ls' && archive && !names.length) return imgList(archive, print, json);
      if (action === 'extract' && archive) return imgExtract(archive, names, (values['out'] as string | undefined) ?? '.', Boolean(values['force']), print, json);
      if ((action === 'add' || action === 'replace' || action === 'delete' || action === 'rename' || action === 'rebuild') && archive) {
        const out = values['out'] as string | undefined;
        if (!out === !values['in-place']) throw new UsageError(`img ${action} writes a new archive (-o OUT) or the archive itself (--in-place): give one`, HELP['img']);
        return imgEdit(action, archive, names, { out, inPlace: Boolean(values['in-place']), force: Boolean(values['force']), json }, print);
      }
      throw new UsageError('img takes ls, extract, create, add, replace, delete, rename or rebuild, then ARCHIVE', HELP['img']);
    }
    case 'edit': {
      const out = values['out'] as string | undefined;
      if (positionals.length !== 1 || !out) throw new UsageError('edit takes IN.ifp -o OUT.ifp and the edits', HELP['edit']);
      return edit(
        positionals[0]!,
        editSteps(flags),
        { out, format: values['format'] as string | undefined, force: Boolean(values['force']), json, skeleton: values['skeleton'] as string | undefined },
        print,
      );
    }
    case 'diff':
      if (positionals.length !== 2) throw new UsageError('diff takes two IFP files', HELP['diff']);
      return diff(positionals[0]!, positionals[1]!, print, json);
    case 'lint': {
      if (values['rules']) {
        if (positionals.length) throw new UsageError('lint --rules takes no FILE', HELP['lint']);
        return lintRules(print, json);
      }
      const severity = values['severity'] as string | undefined;
      if (severity !== undefined && !(LINT_SEVERITIES as readonly string[]).includes(severity)) throw new UsageError(`--severity takes error, warning or note, not ${severity}`, HELP['lint']);
      const ignore = (values['ignore'] as unknown as string[] | undefined) ?? [];
      const unknown = ignore.find((code) => !isLintCode(code));
      if (unknown !== undefined) throw new UsageError(`--ignore takes a rule code (gameanim lint --rules lists them), not ${unknown}`, HELP['lint']);
      return lint(some('FILE'), { skeleton: values['skeleton'] as string | undefined, severity: severity as LintSeverity | undefined, ignore: ignore as LintCode[], json }, print);
    }
    case 'txd': {
      const [action, ...files] = positionals;
      if (action === 'ls' && files.length) return txdList(files, print, json);
      if (action === 'extract' && files.length) return txdExtract(files, (values['out'] as string | undefined) ?? '.', Boolean(values['force']), print, json);
      throw new UsageError('txd takes "ls FILE..." or "extract FILE... [-o DIR]"', HELP['txd']);
    }
    case 'bench':
      if (positionals.length) throw new UsageError('bench takes no FILE', HELP['bench']);
      return bench(
        {
          corpus: values['corpus'] as string | undefined,
          quick: Boolean(values['quick']),
          out: values['out'] as string | undefined,
          record: Boolean(values['record']),
          force: Boolean(values['force']),
          json,
        },
        print,
      );
  }
  throw new UsageError(`unknown command "${command}"`, HELP['main']);
}

try {
  const result = await run(process.argv.slice(2));
  // The JSON document goes out whole, after the work, with what could be read; errors still go to stderr.
  if (result !== 'help' && result.json !== undefined) print(exactJson(result.json));
  if (result !== 'help' && result.exitCode) process.exitCode = result.exitCode;
  if (result !== 'help' && result.inputErrors.length) {
    for (const message of result.inputErrors) printError(message);
    process.exitCode = 1;
  }
} catch (error) {
  const exitCode = exitCodeOf(error, new Set([...Object.keys(CODES), ...Object.keys(CLI_CODES)]));
  // An error without a code of ours is a bug: Node prints it with its stack.
  if (exitCode === undefined) throw error;
  const { message } = error as Error;
  if (error instanceof UsageError && error.command) process.stderr.write(`gameanim ${error.command}: ${printable(message)}\n`);
  else printError(message);
  if (error instanceof UsageError && error.help) process.stderr.write(`\n${error.help}\n`);
  process.exitCode = exitCode;
}
