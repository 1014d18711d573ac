// The retarget panel: how right each retargeted animation came out, the numbers `gameanim retarget`
// prints and its --json carries, read from the same report object (ClipQuality, measured by the
// library on the written IFP): limbs and torso median, p95 and worst, facing, the reference pose, and
// the warnings past the limits. Each number shows one decimal, as the command prints it; the cell keeps
// the exact value (data-value) for whoever wants it.
import type { ClipQuality } from 'gameanim/retarget';

const $ = (id: string) => document.getElementById(id)!;

/** Shows the quality of a source's animations in place of the last source's (an empty list hides the panel). */
export function showRetargetQuality(source: string, quality: readonly ClipQuality[]): void {
  const section = $('retarget-section');
  section.hidden = quality.length === 0;
  const fragment = document.createDocumentFragment();
  const cell = (tag: 'td' | 'th', text: string, field?: string, value?: number) => {
    const element = document.createElement(tag);
    element.textContent = text;
    if (field) element.dataset['field'] = field;
    if (value !== undefined) element.dataset['value'] = String(value);
    return element;
  };
  for (const q of quality) {
    const table = document.createElement('table');
    table.className = 'retarget-quality';
    table.dataset['animation'] = q.animation;
    const caption = document.createElement('caption');
    caption.textContent = `${source}: "${q.animation}", degrees over ${q.ticks} ticks`;
    table.append(caption);
    const head = document.createElement('tr');
    head.append(cell('th', ''), cell('th', 'median'), cell('th', 'p95'), cell('th', 'worst'), cell('th', 'worst at'));
    table.append(head);
    for (const part of ['limbs', 'torso'] as const) {
      const stats = q[part];
      const row = document.createElement('tr');
      row.append(cell('th', part));
      for (const which of ['median', 'p95', 'worst'] as const)
        row.append(cell('td', stats[which].toFixed(1), `${part}.${which}`, stats[which]));
      row.append(cell('td', stats.worstAt, `${part}.worstAt`));
      table.append(row);
    }
    // A label and one cell across the number columns.
    const wide = (label: string, text: string, field: string, value?: number) => {
      const row = document.createElement('tr');
      const wideCell = cell('td', text, field, value);
      wideCell.colSpan = 4;
      row.append(cell('th', label), wideCell);
      table.append(row);
      return row;
    };
    wide('facing', `within ${q.facing.toFixed(1)}`, 'facing', q.facing);
    wide('reference', q.reference, 'reference');
    for (const warning of q.warnings) wide('warning', warning, 'warning').className = 'error';
    if (!q.warnings.length) wide('warnings', 'none: within the limits', 'warnings');
    fragment.append(table);
  }
  $('retarget-quality').replaceChildren(fragment);
}
