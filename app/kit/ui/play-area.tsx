import type { KeyboardEvent, MouseEvent, PointerEvent, ReactNode } from "react";
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

/**
 * A big real button to play on: pointer toys work with a mouse, a finger and the keyboard alike.
 * Positions come from offsetX/offsetY (children ignore the pointer), so no layout is read per event.
 */
export function PlayArea({ label, onPress, onMove, onKey, className, children }: PlayAreaProps) {
  function click(event: MouseEvent<HTMLButtonElement>) {
    // detail 0: the click came from the keyboard (Enter / Space), so it happens at the centre.
    const at =
      event.detail === 0
        ? centreOf(event.currentTarget)
        : { x: event.nativeEvent.offsetX, y: event.nativeEvent.offsetY };
    onPress?.(at);
  }
  function move(event: PointerEvent<HTMLButtonElement>) {
    onMove?.({ x: event.nativeEvent.offsetX, y: event.nativeEvent.offsetY });
  }
  return (
    <button
      type="button"
      onClick={click}
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
