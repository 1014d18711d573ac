// What the games do badly with, found in an IFP file before a player meets it. Each finding names
// its rule (a code), how bad it is, the animation, the bone and the byte offset. The rules live in
// lint/ by theme (the package, the header fields, the keys, the model); lint/rules.ts has the table
// of codes and severities, and docs/lint.md the loader code each follows.
import { DecodeError } from '../core/errors.js';
import { inputBytes } from '../core/input.js';
import type { Skeleton } from '../core/skeleton.js';
import { IFPReader } from '../ifp/reader.js';
import { scanIFP } from '../ifp/scan.js';
import { Field } from '../ifp/track-table.js';
import { KIND_INFO, type TrackKind } from '../ifp/track-kinds.js';
import { filterFindings, findingCollector, type LintFilter, type LintFinding } from './lint/findings.js';
import { lintTrack } from './lint/key-rules.js';
import { lintAnp3Header, lintAnpkAnimationChunks, lintAnpkPackageInfo } from './lint/layout-rules.js';
import { lintPackage } from './lint/package-rules.js';
import { lintBinding } from './lint/skeleton-rules.js';

export { filterFindings, summarizeLint, type LintFilter, type LintFinding, type LintSummary } from './lint/findings.js';
export { LINT_RULE_TABLE, LINT_RULES, LINT_SEVERITIES, isLintCode, type LintCode, type LintRule, type LintSeverity } from './lint/rules.js';

export interface LintOptions extends LintFilter {
  /**
   * The model the animations are for: a clip none of whose tracks drives a bone of it, and tracks
   * that drive none, are notes (the game ships both: clips for other skeletons, `...Nub` tracks).
   */
  skeleton?: Skeleton;
  /**
   * The IMG entry name the file was read from (`ped.ifp`): SA registers the block under it, so the
   * package must carry the same name. Leave it out for a loose file.
   */
  entryName?: string;
}

/**
 * Checks an IFP file (ANP3, ANP2 or ANPK) for what the games load badly or not at all, without writing to it.
 * Each finding names its rule (`code`, with its severity from `LINT_RULE_TABLE`), the animation, the bone
 * and the byte offset; a file the reader rejects gives one `decode-error` finding. docs/lint.md lists the rules.
 * @example
 * ```ts
 * const findings = lintIFP(readFileSync('ped.ifp'), { skeleton: new DFFReader(readFileSync('male01.dff')).skeleton!, severity: 'warning'
 * });
 * console.log(summarizeLint(findings)); // { errors: 0, warnings: 0, notes: 0, codes: [] } for the retail file
 * ```
 */
export function lintIFP(bytes: Uint8Array | ArrayBuffer, options: LintOptions = {}): LintFinding[] {
  const input = inputBytes(bytes);
  const findings: LintFinding[] = [];
  const add = findingCollector(findings);
  let reader: IFPReader;
  let scan: ReturnType<typeof scanIFP>;
  try {
    reader = new IFPReader(input);
    scan = scanIFP(input, false);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    add('decode-error', null, null, error.offset, error.message);
    return filterFindings(findings, options);
  }
  for (const w of reader.warnings) add('reader-warning', null, null, w.offset, `${w.code}: ${w.message}`);
  reader.packages.forEach((pkg, p) => {
    const scanned = scan.packages[p]!;
    lintPackage(pkg, scanned, p === 0, options.entryName, add);
    if (pkg.format === 'ANPK') lintAnpkPackageInfo(input, scanned, add);
    pkg.animations.forEach((animation, a) => {
      const at = scanned.animations[a]!;
      const rows = Array.from({ length: animation.bones.length }, (_, b) => at.firstRow + b);
      const kinds = rows.map((row) => scan.table.get(row, Field.Kind) as TrackKind);
      if (pkg.format === 'ANP3') lintAnp3Header(input, at, { kinds, frameCounts: animation.bones.map((bone) => bone.frameCount) }, add);
      if (pkg.format === 'ANPK') lintAnpkAnimationChunks(input, at, add);
      if (options.skeleton) lintBinding(animation, options.skeleton, at.byteOffset ?? scanned.byteOffset, add);
      animation.bones.forEach((bone, b) => {
        lintTrack(
          bone,
          {
            format: pkg.format,
            animation: animation.name,
            index: b,
            source: scan.table.get(rows[b]!, Field.Source),
            frameBytes: KIND_INFO[kinds[b]!].frameBytes,
          },
          add,
        );
      });
    });
  });
  return filterFindings(findings, options);
}
