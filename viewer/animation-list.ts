// The animations panel: every clip opened, grouped by file, and the sprite scripts, filtered by the
// search box. Only the rows in view are in the page (virtualised by @tanstack/virtual-core): a game's
// 2,000 animations make a few dozen list items, and a clip switch redraws those alone.
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core';
import type { SkeletalClip, SpriteScripts } from 'gameanim';
import { clipSummary } from './clip-summary.js';
import { listItem } from './page.js';
import { select, selectScript } from './selection.js';
import { onSelectionChange } from './selection-events.js';
import { $, state } from './state.js';

/** Each row's height in CSS pixels: fixed (style.css), so nothing is measured. */
const ROW_HEIGHT = 20;

type Row =
  | { kind: 'group'; file: string; count: number }
  | { kind: 'clip'; file: string; clip: SkeletalClip }
  | { kind: 'script'; file: SpriteScripts; id: number; instructions: number };

let rows: Row[] = [];
let virtualizer: Virtualizer<HTMLElement, HTMLElement> | null = null;
/** What the drawn rows were drawn from: a frame's several changes draw them once. */
let drawn = { rows: null as Row[] | null, selected: null as SkeletalClip | null, first: -1, last: -1 };

/** The rows for the clips and scripts opened and the search: a heading per file when there are several. */
function buildRows(): Row[] {
  const filter = $<HTMLInputElement>('search').value.toLowerCase();
  const counts = new Map<string, number>();
  for (const { file } of state.clips) counts.set(file, (counts.get(file) ?? 0) + 1);
  const built: Row[] = [];
  let group = '';
  for (const { file, clip } of state.clips) {
    if (filter && !clip.name.toLowerCase().includes(filter)) continue;
    if (counts.size > 1 && file !== group) {
      group = file;
      built.push({ kind: 'group', file, count: counts.get(file)! });
    }
    built.push({ kind: 'clip', file, clip });
  }
  for (const file of state.spriteFiles) {
    for (const script of file.scripts)
      if (!filter || `script ${script.id}`.includes(filter))
        built.push({ kind: 'script', file, id: script.id, instructions: script.instructions.length });
  }
  return built;
}

function rowElement(row: Row): HTMLLIElement {
  if (row.kind === 'group') {
    const heading = document.createElement('li');
    heading.className = 'group';
    heading.textContent = `${row.file} (${row.count})`;
    return heading;
  }
  if (row.kind === 'script') {
    const item = listItem(`script ${row.id}`, `${row.instructions} instructions`);
    item.dataset['clip'] = 'true';
    item.onclick = () => selectScript(row.file, row.id);
    return item;
  }
  const { clip, file } = row;
  const item = listItem(clip.name || file, clipSummary(clip));
  if (clip === state.clip) item.className = 'selected';
  item.dataset['clip'] = 'true';
  item.onclick = () => select(clip);
  return item;
}

/** Draws the rows in view (and a few either side), each placed at its offset in the full list's height. */
function drawVisible(): void {
  if (!virtualizer) return;
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0,
    last = items.at(-1)?.index ?? -1;
  if (drawn.rows === rows && drawn.selected === state.clip && drawn.first === first && drawn.last === last) return;
  drawn = { rows, selected: state.clip, first, last };
  const list = $('animations');
  list.style.height = `${virtualizer.getTotalSize()}px`;
  const fragment = document.createDocumentFragment();
  for (const item of items) {
    const element = rowElement(rows[item.index]!);
    element.style.transform = `translateY(${item.start}px)`;
    fragment.append(element);
  }
  list.replaceChildren(fragment);
}

function virtualList(): Virtualizer<HTMLElement, HTMLElement> {
  const scroller = $('animation-scroll');
  const made = new Virtualizer<HTMLElement, HTMLElement>({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    // Before the first resize observation, a panel's worth of rows is drawn.
    initialRect: { width: 0, height: scroller.clientHeight || 600 },
    onChange: () => drawVisible(),
  });
  made._didMount();
  made._willUpdate();
  return made;
}

/** The list after the clips, the scripts or the search changed. */
export function renderLists(): void {
  rows = buildRows();
  if (!virtualizer) virtualizer = virtualList();
  virtualizer.setOptions({ ...virtualizer.options, count: rows.length });
  virtualizer._willUpdate();
  drawVisible();
}

/** The selection moved: its row is brought into view and the rows drawn again. */
export function showSelection(): void {
  if (!virtualizer) {
    renderLists();
    return;
  }
  const at = rows.findIndex((row) => row.kind === 'clip' && row.clip === state.clip);
  if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
  drawVisible();
}

onSelectionChange(showSelection);
