/**
 * Where the toast goes: at the foot of the screen, unless there it would hide the element that has
 * the keyboard's focus (a phone's Share button sits just where the toast lands) and at the top it
 * would not (WCAG 2.2's "focus not obscured"). When it is measured: toast-view.tsx.
 */
export type ToastPlace = "bottom" | "top";

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * `focus`: the focused element's box (null when focus is on the page itself or in the toast);
 * `toast`: the toast area's height, left and right; `screenHeight`: the layout viewport's height.
 */
export function toastPlace(
  focus: Box | null,
  toast: { height: number; left: number; right: number },
  screenHeight: number,
): ToastPlace {
  if (!focus) return "bottom";
  const covers = (top: number, bottom: number) =>
    focus.bottom > top && focus.top < bottom && focus.right > toast.left && focus.left < toast.right;
  return covers(screenHeight - toast.height, screenHeight) && !covers(0, toast.height) ? "top" : "bottom";
}
