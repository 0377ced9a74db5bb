import { documentTitle } from "../../app/kit/lib/meta";
import { allPages } from "../../app/toys/registry";
import { ENGINES, expect, open, test, textOf } from "./fixtures";

/**
 * Every page of the registry in Firefox and in WebKit (Safari's engine): it loads, hydrates, has its
 * title and its heading, and logs no error. A few pages a test, so the workers share them.
 */
const PER_TEST = 8;
const chunks = Array.from({ length: Math.ceil(allPages.length / PER_TEST) }, (_, k) =>
  allPages.slice(k * PER_TEST, (k + 1) * PER_TEST),
);

for (const engine of ENGINES) {
  for (const pages of chunks) {
    test(`${engine}: ${pages.map((entry) => entry.path).join(", ")} load, hydrate and log no error`, async ({
      engines,
      baseURL,
    }) => {
      const page = await (await engines(engine)).newPage(baseURL as string);
      try {
        for (const entry of pages) {
          await open(page, entry.path);
          expect(await page.run<string>("() => document.title"), entry.path).toBe(documentTitle(entry.title));
          expect(await textOf(page, "main h1"), entry.path).not.toBe("");
          expect(await page.run<string>("() => document.body.innerText"), entry.path).not.toContain(
            "could not finish loading",
          );
          expect(await page.takeErrors(), `${entry.path}: errors in ${engine}`).toEqual([]);
        }
      } finally {
        await page.close();
      }
    });
  }
}
