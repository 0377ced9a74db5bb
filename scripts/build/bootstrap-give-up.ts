import { RELOAD_AT_MOST_EVERY_MS, RELOADED_KEY } from "./bootstrap-settings.ts";

/**
 * The bootstrap's last resort (bootstrap.ts, step 4), when the page's modules failed to load after
 * every retry: the page reloads itself, at most once a minute (no loop), or says so and offers to
 * try again. scripts/build/html.ts puts this file in front of the bootstrap; it runs in the
 * browser and imports nothing but the settings.
 */
export function failedForGood(): void {
  if (reloadOnce()) return;
  const bar = document.createElement("div");
  bar.setAttribute("role", "alert");
  bar.style.cssText =
    "position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:60;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:center;padding:.75rem 1rem;border-radius:1rem;background:#fff;color:#3b0764;box-shadow:0 10px 30px #0005;font:600 1rem system-ui,sans-serif";
  bar.textContent = "This page could not finish loading. Check the connection, then: ";
  const retry = document.createElement("button");
  retry.type = "button";
  retry.textContent = "Try again";
  retry.style.cssText = "padding:.4rem 1rem;border-radius:999px;background:#7e22ce;color:#fff;font:inherit";
  retry.addEventListener("click", () => location.reload());
  bar.append(retry);
  document.body.append(bar);
}

/** Reloads the page unless it reloaded itself within RELOAD_AT_MOST_EVERY_MS; whether it did. */
function reloadOnce(): boolean {
  const now = Date.now();
  let last = Number((history.state as Record<string, unknown> | null)?.[RELOADED_KEY]) || 0;
  try {
    last = Math.max(last, Number(sessionStorage.getItem(RELOADED_KEY)) || 0);
    sessionStorage.setItem(RELOADED_KEY, String(now));
  } catch {
    // Storage blocked: the history entry below remembers the reload instead.
  }
  try {
    history.replaceState({ ...(history.state as object | null), [RELOADED_KEY]: now }, "");
  } catch {
    // Nothing else to remember it with: at worst this page reloads once a minute.
  }
  if (now - last <= RELOAD_AT_MOST_EVERY_MS) return false;
  location.reload();
  return true;
}
