import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, it } from "vitest";
import { PageLink } from "../ui/page-link";
import { usePageLinks } from "./use-page-links";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

function Page() {
  usePageLinks();
  return (
    <>
      <PageLink to="/about">About</PageLink>
      <a href="/faq">Plain</a>
      <PageLink to="/contact" onClick={(event) => event.preventDefault()}>
        Handled
      </PageLink>
    </>
  );
}

function mount() {
  const router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/"] });
  const container = document.createElement("div");
  document.body.append(container);
  act(() => {
    root = createRoot(container);
    root.render(<RouterProvider router={router} />);
  });
  /** Clicks a link: whether the page took the click (prevented the browser's own navigation). */
  const click = (name: string, init: MouseEventInit = {}) => {
    const link = [...container.querySelectorAll("a")].find((a) => a.textContent === name) as HTMLAnchorElement;
    let taken = false;
    // Last to hear it: notes what the page did, then keeps jsdom from following the link itself.
    const last = (event: Event) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", last);
    act(() => {
      link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
    });
    window.removeEventListener("click", last);
    return taken;
  };
  return { router, click };
}

it("turns a plain click on a page link into a client navigation", async () => {
  const { router, click } = mount();
  expect(click("About")).toBe(true);
  await act(async () => {});
  expect(router.state.location.pathname).toBe("/about");
});

it("leaves a click with a key held, another link, and a click the page handled to the browser", () => {
  const { router, click } = mount();
  expect(click("About", { ctrlKey: true })).toBe(false);
  expect(click("About", { button: 1 })).toBe(false);
  expect(click("Plain")).toBe(false);
  expect(click("Handled")).toBe(true);
  expect(router.state.location.pathname).toBe("/");
});
