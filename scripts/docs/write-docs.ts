// `npm run docs`: writes the docs' tables that the code decides (docs/docs-blocks.ts lists them),
// between their markers. scripts/docs/docs-from-code.test.ts fails when a committed table differs.
import { replaceBlock } from "../lib/local-site.ts";
import { DOC_BLOCKS } from "./doc-blocks.ts";

for (const { file, name, make } of DOC_BLOCKS) {
  replaceBlock(file, name, make());
  console.log(`${file}: ${name} written`);
}
