import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { useFocusBack } from "./use-focus-back";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

function Spinner({ busy }: { busy: boolean }) {
  const button = useFocusBack<HTMLButtonElement>(busy);
  return (
    <>
      <button ref={button} type="button" disabled={busy}>
        Spin
      </button>
      <input aria-label="elsewhere" />
    </>
  );
}

function mount(busy: boolean) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<Spinner busy={busy} />));
  const rerender = (next: boolean) => act(() => root?.render(<Spinner busy={next} />));
  return { button: container.querySelector("button") as HTMLButtonElement, rerender, container };
}

describe("useFocusBack", () => {
  it("gives focus back to the control when the run ends and focus had dropped to the page", () => {
    const { button, rerender } = mount(false);
    button.focus();
    rerender(true);
    // A browser moves focus off a control that becomes disabled.
    button.blur();
    expect(document.activeElement).toBe(document.body);
    rerender(false);
    expect(document.activeElement).toBe(button);
  });

  it("takes nothing on the first render, and leaves focus where the visitor put it", () => {
    const { button, rerender, container } = mount(false);
    expect(document.activeElement).toBe(document.body);
    rerender(true);
    const elsewhere = container.querySelector("input") as HTMLInputElement;
    elsewhere.focus();
    rerender(false);
    expect(document.activeElement).toBe(elsewhere);
    expect(document.activeElement).not.toBe(button);
  });
});
