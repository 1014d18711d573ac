// What the page keeps across reloads and preferences: the selection (file, animation, time) in the
// URL's hash, so a link opens the same frame; and the light or dark theme (the system's by default).

export interface Selection {
  file: string;
  animation: string;
  time: number;
}

/** The selection as the hash writes it: `#file=ped.ifp&anim=walk_player&t=0.250`. */
export function writeSelection(selection: Selection): void {
  const hash = `#file=${encodeURIComponent(selection.file)}&anim=${encodeURIComponent(selection.animation)}&t=${selection.time.toFixed(3)}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

export function readSelection(): Selection | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const file = params.get('file');
  const animation = params.get('anim');
  const time = Number(params.get('t') ?? 0);
  return file && animation ? { file, animation, time: Number.isFinite(time) && time >= 0 ? time : 0 } : null;
}

/** Light when the system asks for it, unless the user chose; the choice is kept for the next visit. */
export function setUpTheme(button: HTMLElement, onChange: (light: boolean) => void): void {
  const stored = localStorage.getItem('gameanim-theme');
  const system = matchMedia('(prefers-color-scheme: light)');
  const apply = (light: boolean) => {
    document.body.dataset['theme'] = light ? 'light' : 'dark';
    button.textContent = light ? 'dark theme' : 'light theme';
    onChange(light);
  };
  apply(stored ? stored === 'light' : system.matches);
  system.addEventListener('change', (event) => {
    if (!localStorage.getItem('gameanim-theme')) apply(event.matches);
  });
  button.onclick = () => {
    const light = document.body.dataset['theme'] !== 'light';
    localStorage.setItem('gameanim-theme', light ? 'light' : 'dark');
    apply(light);
  };
}
