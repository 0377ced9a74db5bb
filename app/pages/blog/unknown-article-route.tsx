import { replace } from "react-router";
import { pageHandle } from "../../kit/lib/meta";
import { toy } from "./toy";

/**
 * Any /blog/{slug} that is not an article (the known ones have their own static routes). Its
 * clientLoader sends the visitor to the list, replacing the history entry, so Back never returns to
 * the bad URL; running as a loader (not a render) also lets the SPA fallback hydrate cleanly.
 */
export function clientLoader(): never {
  throw replace("/blog");
}

export const handle = pageHandle(toy);

export default function UnknownArticle() {
  return null;
}
