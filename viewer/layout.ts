// The layout's one moving part: on a phone (style.css, under 760 px) the panels open over the 3D
// view with the panels button, so the view keeps the width; choosing an animation closes them.
const PHONE = matchMedia('(max-width: 760px)');

export function setUpPanelsToggle(button: HTMLElement): void {
  const setOpen = (open: boolean) => {
    document.body.classList.toggle('panels-open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.onclick = () => setOpen(!document.body.classList.contains('panels-open'));
  document.getElementById('animations')!.addEventListener('click', (event) => {
    if (PHONE.matches && (event.target as HTMLElement).closest('li[data-clip]')) setOpen(false);
  });
}
