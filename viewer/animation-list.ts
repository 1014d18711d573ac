// The animations panel: every clip opened, grouped by file, and the sprite scripts, filtered by the
// search box.
import { listItem } from './page.js';
import { select, selectScript } from './selection.js';
import { $, state } from './state.js';

export function renderLists(): void {
  const filter = $<HTMLInputElement>('search').value.toLowerCase();
  const list = $('animations');
  list.replaceChildren();
  // Grouped by file (a heading per file when there are several), in the order the files were opened.
  const files = [...new Set(state.clips.map((entry) => entry.file))];
  let group = '';
  for (const { file, clip } of state.clips) {
    if (filter && !clip.name.toLowerCase().includes(filter)) continue;
    if (files.length > 1 && file !== group) {
      group = file;
      const heading = document.createElement('li');
      heading.className = 'group';
      heading.textContent = `${file} (${state.clips.filter((entry) => entry.file === file).length})`;
      list.append(heading);
    }
    const keys = clip.tracks.reduce((n, t) => n + t.times.length, 0);
    const item = listItem(clip.name || file, `${clip.tracks.length} tracks, ${keys} keys, ${clip.duration.toFixed(2)} s`);
    item.className = clip === state.clip ? 'selected' : '';
    item.dataset['clip'] = 'true';
    item.onclick = () => select(clip);
    list.append(item);
  }
  for (const file of state.spriteFiles) {
    for (const script of file.scripts) {
      if (filter && !`script ${script.id}`.includes(filter)) continue;
      const item = listItem(`script ${script.id}`, `${script.instructions.length} instructions`);
      item.dataset['clip'] = 'true';
      item.onclick = () => selectScript(file, script.id);
      list.append(item);
    }
  }
}
