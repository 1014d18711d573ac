// The box the posed skeleton takes over a clip (made in viewer/posing.ts), which the camera frames and
// the view puts the ground under: a type of its own, so the camera and the view need not import the
// posing code (which reads the page's state).

export interface PoseBox {
  min: [number, number, number];
  max: [number, number, number];
  /** Horizontally relative to the moving bone (the camera follows it), or in world space. */
  relative: boolean;
  /** The lowest height the drawn body (its mesh, else its bones) reaches over the clip: the ground's. */
  floor: number;
}
