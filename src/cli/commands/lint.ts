// gameanim lint: the IFP files given, and every .ifp entry of the IMG archives given, checked by the
// library's rules; findings filtered by severity and code, and counted per code at the end.
import {
  isLintCode,
  LINT_RULE_TABLE,
  LINT_SEVERITIES,
  lintIFP,
  summarizeLint,
  type LintCode,
  type LintFinding,
  type LintSeverity,
  type Skeleton,
} from 'gameanim';
import { checkReadingAmplification } from '../amplification.js';
import { formatOf, InputError, openArchive, readInput } from '../inputs.js';
import { modelSkeleton } from '../model-skeleton.js';
import { textTable } from '../text.js';
import { onFile, report, type CommandResult } from './result.js';
import { atLeastOne, defineCommand, usageError } from '../command-spec.js';
import { jsonFlag, repeatedFlag, switchFlag, textFlag } from '../common-flags.js';

export interface LintCommandOptions {
  skeleton?: string;
  severity?: LintSeverity;
  ignore: LintCode[];
  json: boolean;
}

interface LintedFile {
  file: string;
  /** The IMG entry linted, or null for a file of its own. */
  entry: string | null;
  findings: LintFinding[];
  /** An archive entry that holds an IFP under a name without .ifp (the game never loads it). */
  nameLacksIfp?: true;
}

/** `lint FILE... [--skeleton MODEL] [--severity S] [--ignore CODE]`: exit 1 when any finding shown is an error. */
export function lint(paths: readonly string[], options: LintCommandOptions, printText: (line: string) => void): CommandResult {
  const { print } = report(printText, options.json);
  const inputErrors: string[] = [];
  const files: LintedFile[] = [];
  const done = (): CommandResult => {
    const all = files.flatMap((f) => f.findings);
    const summary = summarizeLint(all);
    for (const { code, severity, count } of summary.codes)
      print(`${code}: ${count.toLocaleString('en-US')} ${severity}${count === 1 ? '' : 's'}`);
    // Counts with thousands separators, and the word in the singular for one.
    const n = (count: number, word: string) => `${count.toLocaleString('en-US')} ${count === 1 ? word : `${word}s`}`;
    print(
      `${n(all.length, 'finding')} in ${n(files.length, 'file')}: ${n(summary.errors, 'error')}, ${n(summary.warnings, 'warning')}, ${n(summary.notes, 'note')}`,
    );
    return { inputErrors, json: options.json ? { files, summary, errors: inputErrors } : undefined, exitCode: summary.errors ? 1 : 0 };
  };
  let skeleton: Skeleton | undefined;
  if (options.skeleton) {
    const model = onFile(options.skeleton, () => ((skeleton = lintSkeleton(options.skeleton!)), { inputErrors: [] }));
    inputErrors.push(...model.inputErrors);
    if (!skeleton) return done();
  }
  for (const path of paths) {
    const result = onFile(path, () => {
      const targets = lintTargets(path);
      if (!targets.length) print(`${path}: an archive without .ifp entries`);
      for (const target of targets) {
        // Not skipped in silence: an IFP the game will not load under its name is linted and said.
        if (target.unnamed)
          print(
            `${path}/${target.entry}: warning: holds an IFP (${target.unnamed}) but its name lacks .ifp, which the game registers animation blocks by: it never loads it; linted anyway`,
          );
        const findings = lintIFP(target.bytes, {
          skeleton,
          severity: options.severity,
          ignore: options.ignore,
          entryName: target.entry ?? undefined,
        });
        files.push({ file: path, entry: target.entry, findings, ...(target.unnamed ? { nameLacksIfp: true } : {}) });
        const label = target.entry === null ? path : `${path}/${target.entry}`;
        for (const f of findings)
          print(
            `${label}:${f.offset}: ${f.severity} ${f.code}${f.animation !== null ? ` [${f.animation}${f.bone !== null ? ` / ${f.bone}` : ''}]` : ''}: ${f.message}`,
          );
      }
      return { inputErrors: [] };
    });
    inputErrors.push(...result.inputErrors);
  }
  return done();
}

/** The magics an IFP starts with (ANPK is also each GTA III / VC package's first chunk). */
const IFP_MAGICS = ['ANP3', 'ANP2', 'ANPK'];

/**
 * A file is linted as IFP (a file that is not one is a decode-error finding); an IMG archive, entry
 * by entry: each `.ifp` entry, under its name, which SA registers its block by, and each entry under
 * another name whose bytes start as an IFP does (`unnamed`: its magic), so none is passed over unsaid.
 */
function lintTargets(path: string): Array<{ entry: string | null; bytes: Uint8Array; unnamed?: string }> {
  const bytes = readInput(path);
  const archive = isArchive(path, bytes) ? openArchive(path, bytes, true).archive : null;
  if (!archive) return [{ entry: null, bytes }];
  const targets = archive.entries.flatMap((entry) => {
    if (/\.ifp$/i.test(entry.name)) return [{ entry, unnamed: undefined as string | undefined }];
    let data: Uint8Array;
    try {
      data = archive.read(entry);
    } catch {
      return []; // an entry past the archive's end: the archive's own warning names it
    }
    const magic = String.fromCharCode(...data.subarray(0, 4));
    return IFP_MAGICS.includes(magic) ? [{ entry, unnamed: magic }] : [];
  });
  checkReadingAmplification(
    path,
    bytes,
    archive,
    targets.map((target) => target.entry),
    'linting its IFP entries',
  );
  return targets.map(({ entry, unnamed }) => ({ entry: entry.name, bytes: archive.read(entry), ...(unnamed ? { unnamed } : {}) }));
}

function isArchive(path: string, bytes: Uint8Array): boolean {
  try {
    return Boolean(formatOf(path, bytes).format.archive);
  } catch (error) {
    if (error instanceof InputError) return false;
    throw error;
  }
}

/** IFP animations play on GTA models; an IGI 2 model's skeleton would only say that nothing binds. */
function lintSkeleton(modelPath: string): Skeleton {
  const skeleton = modelSkeleton(modelPath);
  if (skeleton.rig !== undefined && skeleton.rig !== 'gta')
    throw new InputError(
      `${modelPath}: an ${skeleton.rig === 'igi2' ? 'IGI 2' : skeleton.rig} model: IFP animations never play on it; give a GTA .dff`,
    );
  return skeleton;
}

/** `lint --rules`: the rule table, from the code itself. */
export function lintRules(printText: (line: string) => void, json: boolean): CommandResult {
  const rules = Object.entries(LINT_RULE_TABLE).map(([code, rule]) => ({ code, ...rule }));
  if (json) return { inputErrors: [], json: { rules } };
  printText(
    textTable(
      ['code', 'severity', 'what'],
      rules.map((r) => [r.code, r.severity, r.what]),
      [0, 1, 2],
    ),
  );
  printText("\nWhere each comes from (the games' loaders: re3, gta-reversed; INU Tools' check):");
  for (const r of rules) printText(`  ${r.code}: ${r.source}`);
  return { inputErrors: [] };
}

const isSeverity = (text: string): text is LintSeverity => (LINT_SEVERITIES as readonly string[]).includes(text);

type LintArguments = { rules: true; json: boolean } | { rules: false; paths: string[]; options: LintCommandOptions };

/** `gameanim lint FILE|ARCHIVE... [--skeleton MODEL.dff] [--severity S] [--ignore CODE]... [--json]`, or `lint --rules`. */
export const lintSpec = defineCommand({
  name: 'lint',
  help: `usage: gameanim lint FILE|ARCHIVE... [--skeleton MODEL.dff] [--severity error|warning|note]
       [--ignore CODE]... [--json]
       gameanim lint --rules [--json]

Checks IFP files, and every .ifp entry of IMG archives (named ARCHIVE/ENTRY.ifp), against what the
games' loaders refuse, crash on or misplay. Each finding has a code, a severity (error: the game
refuses, crashes or misplays; warning: likely a mistake; note: an oddity the game handles, as the
retail files have), the animation, bone and byte offset; a count per code ends the report.
--severity shows that level and above; --ignore leaves a code out (repeatable). --skeleton names the
tracks of each animation that bind to no bone of a GTA model (by bone id on SA skinned peds, by name,
case ignored, on frame-bound models). --rules prints every rule with its severity and the loader code
it follows. Exit 1 when any finding shown is an error.`,
  overview: [
    {
      usage: 'lint FILE|ARCHIVE... [--skeleton MODEL.dff] [--severity S] [--ignore CODE] [--json]',
      summary: 'what the games do badly with (exit 1 on an error)',
    },
  ],
  flags: { json: jsonFlag, skeleton: textFlag, severity: textFlag, ignore: repeatedFlag, rules: switchFlag },
  parse(values, positionals, context): LintArguments {
    const json = Boolean(values.json);
    if (values.rules) {
      if (positionals.length) throw usageError(context, 'lint --rules takes no FILE');
      return { rules: true, json };
    }
    const { severity } = values;
    if (severity !== undefined && !isSeverity(severity))
      throw usageError(context, `--severity takes error, warning or note, not ${severity}`);
    const ignore = values.ignore ?? [];
    const unknown = ignore.find((code) => !isLintCode(code));
    if (unknown !== undefined) throw usageError(context, `--ignore takes a rule code (gameanim lint --rules lists them), not ${unknown}`);
    return {
      rules: false,
      paths: atLeastOne(positionals, 'FILE', context),
      options: { skeleton: values.skeleton, severity, ignore: ignore.filter(isLintCode), json },
    };
  },
  run: (parsed, print) => (parsed.rules ? lintRules(print, parsed.json) : lint(parsed.paths, parsed.options, print)),
});
