import { useEffect } from "react";
import { useNavigate } from "react-router";
import { PAGE_LINK } from "../ui/page-link";

/**
 * One listener for every link to another page of the site (`PageLink`): a plain left click, with no
 * key held, on a link this page's code has not handled, navigates inside the app. Anything else
 * (a new tab, a download, another site) is left to the browser.
 */
export function usePageLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${PAGE_LINK}]`) : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      event.preventDefault();
      navigate(link.pathname + link.search + link.hash);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
