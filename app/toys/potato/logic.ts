/** The zoom runs from 1x to 100x over a page 500vh tall (spec section 9). */
export const MIN_SCALE = 1;
export const MAX_SCALE = 100;
export const SCROLL_HEIGHT_VH = 500;

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** How far through the zoom section the visitor has scrolled, 0 to 1. */
export function scrollProgress(scrollY: number, sectionTop: number, sectionHeight: number, viewport: number): number {
  const range = sectionHeight - viewport;
  return range <= 0 ? 0 : clamp((scrollY - sectionTop) / range);
}

/**
 * The potato's scale for a progress: exponential, so each bit of scrolling zooms by the same
 * factor (linear would rush through 1x to 10x in the first tenth of the page).
 */
export function scaleFor(progress: number): number {
  return MIN_SCALE * (MAX_SCALE / MIN_SCALE) ** clamp(progress);
}

/**
 * With reduced motion, a change of scale by more than this factor between two frames is a jump
 * (End, Home, Page Down, a click on the scroll bar). A wheel notch or a finger zooms by ~1.2x.
 */
export const JUMP_FACTOR = 1.5;
/** How long the potato takes to fade out (and back in) around a jump, in ms. */
export const FADE_MS = 150;

/** Whether going from one scale to the other in one frame is a jump rather than a step. */
export function isZoomJump(from: number, to: number): boolean {
  return Math.max(from, to) / Math.min(from, to) > JUMP_FACTOR;
}
