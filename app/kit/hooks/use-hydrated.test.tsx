import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

declare global {
  // React's act() warns unless the environment says it is a test.
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Pre-renders `Probe` to HTML, hydrates it and reports what each render returned. */
async function hydrateProbe(waits?: boolean) {
  const renders: boolean[] = [];
  function Probe() {
    const hydrated = useHydrated(waits);
    renders.push(hydrated);
    return <p>{hydrated ? "client" : "server"}</p>;
  }
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Probe />);
  const html = container.innerHTML;
  renders.length = 0;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <Probe />);
  });
  return { html, renders, text: container.textContent };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("useHydrated", () => {
  it("is false in the pre-rendered HTML and during hydration, then true", async () => {
    const { html, renders, text } = await hydrateProbe();
    expect(html).toContain("server");
    expect(renders).toEqual([false, true]);
    expect(text).toBe("client");
  });

  it("with waits false is true from the start, so hydration renders the caller once", async () => {
    const { html, renders, text } = await hydrateProbe(false);
    expect(html).toContain("client");
    expect(renders).toEqual([true]);
    expect(text).toBe("client");
  });
});
