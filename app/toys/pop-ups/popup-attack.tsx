import { useEffect, useRef, useState } from "react";
import { appendCapped } from "../../kit/lib/capped";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { MAX_POPUPS, type Popup, type Position, spawnPopup } from "./logic";
import { PopupWindow } from "./popup-window";

export function PopupAttack() {
  const [popups, setPopups] = useState<Popup[]>([]);
  const [opened, setOpened] = useState(0);
  const opener = useRef<HTMLButtonElement>(null);
  // The frame that moves focus after a close; a page left in between must not be touched.
  const focusFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(focusFrame.current), []);
  const atLimit = popups.length >= MAX_POPUPS;

  function open() {
    if (atLimit) return;
    setPopups((all) =>
      appendCapped(
        all,
        spawnPopup(
          opened,
          { width: window.innerWidth, height: window.innerHeight },
          Math.random,
          opener.current?.getBoundingClientRect(),
        ),
        MAX_POPUPS,
      ),
    );
    setOpened((n) => n + 1);
  }

  function close(id: number) {
    setPopups((all) => all.filter((p) => p.id !== id));
    // Focus goes back to the newest popup still open, or to the button that started it all.
    const rest = popups.filter((p) => p.id !== id);
    const next = rest.at(-1);
    cancelAnimationFrame(focusFrame.current);
    focusFrame.current = requestAnimationFrame(() => {
      focusFrame.current = 0;
      const target = next ? document.querySelector<HTMLElement>(`[data-popup-id="${next.id}"] [role="dialog"]`) : null;
      (target ?? opener.current)?.focus();
    });
  }

  const move = (id: number, to: Position) => setPopups((all) => all.map((p) => (p.id === id ? { ...p, ...to } : p)));
  // The popup in use comes to the front by z-index; reordering the DOM would steal its focus.
  const [stack, setStack] = useState<number[]>([]);
  const front = (id: number) => setStack((ids) => (ids.at(-1) === id ? ids : [...ids.filter((i) => i !== id), id]));

  return (
    <ToyPage
      title="Popup Attack"
      intro="Every click opens another popup. Drag them by the title bar, or use the arrow keys."
    >
      <Button ref={opener} size="lg" onClick={open} disabled={atLimit}>
        {opened === 0 ? "Click me. What could go wrong?" : "Open another popup"}
      </Button>
      <p role="status" className="min-h-7 text-lg">
        {atLimit
          ? `${MAX_POPUPS} popups. That's the limit. Even chaos needs boundaries.`
          : popups.length > 0
            ? `${popups.length} popup${popups.length === 1 ? "" : "s"} open.`
            : ""}
      </p>
      <div className="pointer-events-none fixed inset-0 z-40">
        {popups.map((popup) => (
          <div
            key={popup.id}
            data-popup-id={popup.id}
            className="relative"
            style={{ zIndex: stack.indexOf(popup.id) + 1 }}
          >
            <PopupWindow popup={popup} onMove={move} onClose={close} onMore={open} onFront={front} />
          </div>
        ))}
      </div>
    </ToyPage>
  );
}
