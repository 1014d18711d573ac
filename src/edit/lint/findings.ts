// What a lint run reports, and the helpers that filter and count it (the CLI's --severity, --ignore
// and summary; the viewer's problems panel).
import { atLeast, LINT_RULES, LINT_SEVERITIES, type LintCode, type LintSeverity } from './rules.js';

/** One problem `lintIFP` finds: its rule's code and severity, where it is (animation, bone, byte offset) and what it is. */
export interface LintFinding {
  code: LintCode;
  severity: LintSeverity;
  /** The animation, or null for the file or a package. */
  animation: string | null;
  bone: string | null;
  offset: number;
  message: string;
}

/** How the rules report: one call per finding, with its severity taken from the rule table. */
export type AddFinding = (code: LintCode, animation: string | null, bone: string | null, offset: number, message: string) => void;

export function findingCollector(findings: LintFinding[]): AddFinding {
  return (code, animation, bone, offset, message) => findings.push({ code, severity: LINT_RULES[code], animation, bone, offset, message });
}

/** Which findings `lintIFP` and `filterFindings` keep. */
export interface LintFilter {
  /** Keep findings of this severity and above (error > warning > note). */
  severity?: LintSeverity;
  /** Codes to leave out. */
  ignore?: readonly LintCode[];
}

/** The findings of `severity` or worse whose code is not in `ignore`, in their order. */
export function filterFindings(findings: readonly LintFinding[], filter: LintFilter): LintFinding[] {
  const ignore = new Set(filter.ignore ?? []);
  return findings.filter((f) => !ignore.has(f.code) && (!filter.severity || atLeast(f.severity, filter.severity)));
}

/** Counts of a lint run, as the CLI prints them on its last line. */
export interface LintSummary {
  errors: number;
  warnings: number;
  notes: number;
  /** Per code found, in order of severity then count: its severity and how many findings. */
  codes: Array<{ code: LintCode; severity: LintSeverity; count: number }>;
}

/** Counts findings per severity and per code (worst severity first, then the most frequent). */
export function summarizeLint(findings: readonly LintFinding[]): LintSummary {
  const counts = new Map<LintCode, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  const codes = [...counts].map(([code, count]) => ({ code, severity: LINT_RULES[code], count }));
  const rank = (s: LintSeverity) => LINT_SEVERITIES.indexOf(s);
  codes.sort((a, b) => rank(a.severity) - rank(b.severity) || b.count - a.count || a.code.localeCompare(b.code));
  const of = (severity: LintSeverity) => findings.filter((f) => f.severity === severity).length;
  return { errors: of('error'), warnings: of('warning'), notes: of('note'), codes };
}
