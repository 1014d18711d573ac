// The problems panel: what went wrong opening files, and each IFP file's lint findings, grouped by
// file and code with a count, filtered by severity. Notes (oddities the game handles, which the retail
// files have by the thousand) are not problems: the header counts errors and warnings, and notes apart. A hostile file carries tens of
// thousands of findings, so they are kept
// as data and the panel draws a bounded number of rows: one fragment per change, built in a single
// pass, and "N more" lines for the rest. Nothing reads layout, and nothing searches the DOM.
import { LINT_SEVERITIES, type LintFinding, type LintSeverity } from 'gameanim';

/** Rows drawn in all (headings and "more" lines included): the panel stays this small whatever the count. */
export const ROW_LIMIT = 400;
/** Rows drawn for one group before its "N more" line, so one noisy rule leaves room for the others. */
const GROUP_ROWS = 25;
/** Errors first, then what may matter, then notes. */
const rank = (severity: LintSeverity) => LINT_SEVERITIES.indexOf(severity);

interface Line {
  text: string;
  error: boolean;
}

interface Group {
  file: string;
  code: string;
  severity: LintSeverity;
  findings: LintFinding[];
}

/** Problems that are not lint findings, in the order they came, and how many are errors. */
const lines: Line[] = [];
let lineErrors = 0;
/** Each linted file's findings, grouped by code, errors first. */
const lintGroups = new Map<string, Group[]>();
let scheduled = false;

const $ = (id: string) => document.getElementById(id)!;
const severityFilter = () => (document.getElementById('problem-severity') as HTMLSelectElement | null)?.value as LintSeverity | undefined;
document.getElementById('problem-severity')?.addEventListener('change', schedule);

export function problem(text: string, error = false): void {
  lines.push({ text, error });
  if (error) lineErrors++;
  schedule();
}

/** Shows a file's lint findings in place of those it had (none clears them). */
export function showLint(file: string, findings: readonly LintFinding[]): void {
  const byCode = new Map<string, Group>();
  for (const finding of findings) {
    let group = byCode.get(finding.code);
    if (!group) byCode.set(finding.code, (group = { file, code: finding.code, severity: finding.severity, findings: [] }));
    group.findings.push(finding);
  }
  lintGroups.delete(file); // a file linted again goes last, as it was opened last
  if (byCode.size)
    lintGroups.set(
      file,
      [...byCode.values()].sort((a, b) => rank(a.severity) - rank(b.severity)),
    );
  schedule();
}

/** The text of one finding: the file, "lint", severity, code, where, and the message. */
function lintText(file: string, f: LintFinding): string {
  return `${file}: lint ${f.severity} ${f.code}${f.animation ? ` [${f.animation}${f.bone ? ` / ${f.bone}` : ''}]` : ''} at byte ${f.offset}: ${f.message}`;
}

/** Many calls in one task (a file's warnings, one after another) draw the panel once. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(render);
}

function render(): void {
  scheduled = false;
  const all = [...lintGroups.values()].flat();
  const count = { error: lineErrors, warning: lines.length - lineErrors, note: 0 };
  for (const group of all) count[group.severity] += group.findings.length;
  const problems = count.error + count.warning;
  const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const notes = count.note ? `; ${counted(count.note, 'note')}` : '';
  $('problem-count').textContent =
    `${problems ? `${counted(problems, 'problem')}${count.error ? ` (${counted(count.error, 'error')})` : ''}` : 'no problems'}${notes}`;
  // The panel shows the severities chosen (errors and warnings unless asked for notes too).
  const floor = severityFilter() ?? 'warning';
  const groups = all.filter((group) => rank(group.severity) <= rank(floor));

  const fragment = document.createDocumentFragment();
  let budget = ROW_LIMIT - 1; // one row is kept for the line that sums up what did not fit
  const row = (text: string, className = '') => {
    const item = document.createElement('li');
    item.textContent = text;
    if (className) item.className = className;
    fragment.append(item);
    budget--;
    return item;
  };
  // Rows of a list, as many as the group and the budget allow, then what is left as one line.
  const rows = <T>(items: readonly T[], draw: (item: T) => void, what: string) => {
    const shown = Math.max(0, Math.min(items.length, GROUP_ROWS, budget - 1));
    for (let i = 0; i < shown; i++) draw(items[i]!);
    if (shown < items.length) row(`${items.length - shown} more ${what}`, 'more');
  };
  let left = 0;
  if (lines.length) rows(lines, (line) => row(line.text, line.error ? 'error' : ''), 'problems');
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    if (budget < 3) {
      left = groups.slice(g).reduce((n, rest) => n + rest.findings.length, 0);
      break;
    }
    row(`${group.file}: ${group.findings.length} ${group.code} (${group.severity})`, 'group').dataset['severity'] = group.severity;
    rows(group.findings, (f) => row(lintText(group.file, f), f.severity === 'warning' ? '' : f.severity), `${group.code} findings`);
  }
  if (left) row(`${left} more findings in groups not shown`, 'more');
  $('problems').replaceChildren(fragment);
}
