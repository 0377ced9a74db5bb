import { type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, useRef } from "react";
import { cn } from "../lib/cn";

export interface Point {
  x: number;
  y: number;
}

interface PlayAreaProps {
  /** The button's accessible name, e.g. "Shrug zone: click anywhere to shrug". */
  label: string;
  /** A click, a tap, or Enter / Space: at the pointer, or at the centre for the keyboard. */
  onPress?: (at: Point) => void;
  /** Pointer (mouse, pen, touch) movement inside the area. */
  onMove?: (at: Point) => void;
  /** Other keys (arrows…), with the area's centre for convenience. */
  onKey?: (event: KeyboardEvent<HTMLButtonElement>, centre: Point) => void;
  className?: string;
  /** Decorations drawn inside; they never catch the pointer. */
  children?: ReactNode;
}

const centreOf = (el: HTMLElement): Point => ({ x: el.clientWidth / 2, y: el.clientHeight / 2 });

/** Where the area's inner top-left corner (inside its border) is on the page; survives scrolling. */
function pageOrigin(el: HTMLElement): Point {
  const rect = el.getBoundingClientRect();
  return { x: rect.left + el.clientLeft + window.scrollX, y: rect.top + el.clientTop + window.scrollY };
}

/**
 * A big real button to play on: pointer toys work with a mouse, a finger and the keyboard alike.
 * The area's position is read when the pointer enters or presses (reading offsetX on every move
 * would force a layout after each render of a sparkle or a clap); moves use the page coordinates.
 */
export function PlayArea({ label, onPress, onMove, onKey, className, children }: PlayAreaProps) {
  const origin = useRef<Point | null>(null);
  const at = (event: { pageX: number; pageY: number; currentTarget: HTMLElement }): Point => {
    origin.current ??= pageOrigin(event.currentTarget);
    return { x: event.pageX - origin.current.x, y: event.pageY - origin.current.y };
  };
  const measure = (event: { currentTarget: HTMLElement }) => {
    origin.current = pageOrigin(event.currentTarget);
  };
  function click(event: MouseEvent<HTMLButtonElement>) {
    // detail 0: the click came from the keyboard (Enter / Space), so it happens at the centre.
    onPress?.(event.detail === 0 ? centreOf(event.currentTarget) : at(event));
  }
  function move(event: PointerEvent<HTMLButtonElement>) {
    onMove?.(at(event));
  }
  return (
    <button
      type="button"
      onClick={click}
      onPointerEnter={measure}
      onPointerDown={measure}
      onPointerMove={onMove ? move : undefined}
      onKeyDown={onKey ? (event) => onKey(event, centreOf(event.currentTarget)) : undefined}
      className={cn(
        "relative block w-full cursor-crosshair touch-none overflow-hidden rounded-3xl border-2 border-white/40 bg-white/10 select-none [&_*]:pointer-events-none",
        className,
      )}
    >
      <span className="sr-only">{label}</span>
      {/* What is drawn inside is decoration; the name above says what the button does. */}
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
