import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef } from "react";
import { clampPosition, nudge, POPUP_SIZE, type Popup, type Position } from "./logic";
import { WarningSign } from "./warning-sign";

interface PopupWindowProps {
  popup: Popup;
  onMove: (id: number, to: Position) => void;
  onClose: (id: number) => void;
  onMore: () => void;
  onFront: (id: number) => void;
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/** One non-modal alert: drag it by its title bar, move it with the arrow keys, close it. */
export function PopupWindow({ popup, onMove, onClose, onMore, onFront }: PopupWindowProps) {
  const titleId = useId();
  const bodyId = useId();
  const self = useRef<HTMLElement>(null);
  const grab = useRef<{ dx: number; dy: number } | null>(null);

  useEffect(() => {
    // A new popup takes focus, so keyboard users can read, move and close it at once.
    self.current?.focus();
  }, []);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("button")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    grab.current = { dx: event.clientX - popup.x, dy: event.clientY - popup.y };
    onFront(popup.id);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!grab.current) return;
    onMove(
      popup.id,
      clampPosition({ x: event.clientX - grab.current.dx, y: event.clientY - grab.current.dy }, viewport()),
    );
  }
  // Up or cancelled (the system took the pointer: a call, a palm, a gesture): the popup stays put.
  function endDrag() {
    grab.current = null;
  }
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(popup.id);
      return;
    }
    if (event.target !== event.currentTarget) return;
    const to = nudge(popup, event.key, viewport());
    if (to) {
      event.preventDefault();
      onMove(popup.id, to);
    }
  }

  return (
    <section
      ref={self}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onFocus={() => onFront(popup.id)}
      data-popup=""
      className="popup-in pointer-events-auto fixed top-0 left-0 overflow-hidden rounded-lg border-2 border-slate-700 bg-slate-100 text-left text-slate-900 shadow-2xl focus-visible:outline-4"
      style={{ width: POPUP_SIZE.width, transform: `translate(${popup.x}px, ${popup.y}px)` }}
    >
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className="flex cursor-grab touch-none items-center justify-between bg-linear-to-r from-blue-800 to-blue-600 px-3 py-1.5 text-white select-none active:cursor-grabbing"
      >
        <h2 id={titleId} className="text-sm font-bold">
          <WarningSign /> Alert #{popup.id + 1}
        </h2>
        <button
          type="button"
          aria-label={`Close alert ${popup.id + 1}`}
          onClick={() => onClose(popup.id)}
          className="grid size-6 place-items-center rounded bg-red-600 font-bold text-white hover:bg-red-700"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p id={bodyId} className="px-4 pt-3 pb-2">
        {popup.text}
      </p>
      <div className="flex justify-end px-4 pb-3">
        <button
          type="button"
          onClick={onMore}
          className="rounded border border-slate-500 bg-white px-4 py-1 text-sm font-semibold hover:bg-slate-50"
        >
          OK
        </button>
      </div>
    </section>
  );
}
