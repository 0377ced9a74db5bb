import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

/**
 * Run before every `dom` test file. The files in a worker share one jsdom document
 * (vitest.config.ts: `isolate: false`), so what one file leaves rendered is still in the page when
 * the next begins: a status line left by app/kit/live/connection-words.test.tsx was the second
 * `role="status"` that failed app/toys/loading/endless-loading.test.tsx in CI (2026-12-05,
 * reproduced with `--sequence.shuffle.files --sequence.seed=1`). Every test's renders are unmounted
 * after it, and whatever a file put in the document by other means goes with the file.
 */
afterEach(() => cleanup());
afterAll(() => {
  document.body.replaceChildren();
  document.head.replaceChildren();
});
