/**
 * The Useless Button answers its first press at paint, before React has loaded (issue 46's
 * moonshot). The page carries a few hundred bytes of inline script (EARLY_PRESS_SCRIPT, allowed by
 * the page's Content-Security-Policy by its hash like every inline script) right after the button:
 * a press that comes before React counts the click in storage at once (the spec's two keys), turns
 * the button and shows the new count, and leaves a note of it for React (`window.__pointlessEarly`).
 * React adopts the note: it renders what the script showed (so hydration matches the page as it is,
 * with no flash), and then does the rest of what a press does (the global counter's ledger, the
 * next message and gradient, confetti, a milestone), once per press, never counting it again.
 *
 * Where storage cannot be written, the script leaves the press alone: the bootstrap holds it and
 * replays it once React is live (scripts/build/bootstrap.ts), as on every other page.
 */

import { DEGREES_PER_CLICK } from "./logic";

export const PERSONAL_KEY = "personalUselessClicks";
export const DEVICE_KEY = "uselessClicks";

/** What the script leaves for React. */
export interface EarlyPresses {
  /** Presses the script answered. */
  presses: number;
  /** The personal count it showed after the last of them. */
  personal: number | null;
  /** React has taken over: the script answers nothing more. */
  adopted?: boolean;
  /** Removes the script's listener (React calls it as it takes over). */
  stop?: () => void;
}

declare global {
  interface Window {
    __pointlessEarly?: EarlyPresses;
  }
}

/** Marks the button the script answers, and the number it moves (useless-button.tsx has both). */
const EARLY_BUTTON = "data-early-press";
const EARLY_COUNT = "data-early-count";

/**
 * The script, written small by hand (it ships in the HTML of `/`): a capture listener on the
 * window, registered before the bootstrap's, so the bootstrap never holds a press it answered.
 * A count is read as stored-number.ts parses it (garbage, negative or unsafe is 0). It has no
 * `</`, so it cannot end its own element.
 */
export const EARLY_PRESS_SCRIPT = `(function(){var e=window.__pointlessEarly={presses:0,personal:null};function a(k){var s=localStorage,n=Number(s.getItem(k));n=(n>=0&&n<=9007199254740991?Math.floor(n):0)+1;s.setItem(k,String(n));if(s.getItem(k)!==String(n))throw 0;return n}function h(v){var t=v.target instanceof Element?v.target.closest("[${EARLY_BUTTON}]"):null,p;if(e.adopted||!t)return;try{p=a("${PERSONAL_KEY}");a("${DEVICE_KEY}")}catch(x){return}v.preventDefault();v.stopImmediatePropagation();e.presses++;e.personal=p;t.style.transform="rotate("+e.presses*${DEGREES_PER_CLICK}+"deg)";var c=document.querySelector("[${EARLY_COUNT}]");if(c)c.textContent=String(p)}addEventListener("click",h,true);e.stop=function(){removeEventListener("click",h,true)}})()`;

/** The script's note, where there is one (in the browser, on a page that carried the script). */
export function earlyPresses(): EarlyPresses | undefined {
  return typeof window === "undefined" ? undefined : window.__pointlessEarly;
}

/**
 * React takes over: the script answers nothing more, and the presses it answered are handed over
 * once (those React rendered at hydration, and any made while it hydrated). A later visit of the
 * page in this tab (a client navigation, which runs no script) finds none.
 */
export function adoptEarlyPresses(): { presses: number; personal: number } | null {
  const early = earlyPresses();
  if (!early) return null;
  early.adopted = true;
  early.stop?.();
  const { presses, personal } = early;
  early.presses = 0;
  early.personal = null;
  return presses > 0 && personal !== null ? { presses, personal } : null;
}
