import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import { useValueByRows } from "./use-value-by-rows";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

/** Ten rows showing the value each has now, as "1" or "0". */
function Rows({ live }: { live: boolean }) {
  const at = useValueByRows(live, 3, 8);
  return <p>{Array.from({ length: 10 }, (_, row) => (at(row) ? "1" : "0")).join("")}</p>;
}

const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

it("shows a new value a few rows a frame, from the first, and then on every row", async () => {
  const container = document.createElement("div");
  document.body.append(container);
  act(() => {
    root = createRoot(container);
    root.render(<Rows live={false} />);
  });
  expect(container.textContent).toBe("0000000000");
  act(() => root?.render(<Rows live={true} />));
  // The change itself touches no row; the rows take it a frame at a time.
  expect(container.textContent).toBe("0000000000");
  await frame();
  expect(container.textContent).toBe("1110000000");
  await frame();
  expect(container.textContent).toBe("1111110000");
  await frame();
  // Past `settledAfter` (8) rows, every row has it, however many there are.
  expect(container.textContent).toBe("1111111111");
  // A change back rolls out the same way, the rows not reached yet keeping what they showed.
  act(() => root?.render(<Rows live={false} />));
  await frame();
  expect(container.textContent).toBe("0001111111");
});
