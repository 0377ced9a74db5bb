import { describe, expect, it } from "vitest";
import { settleBoundaries } from "./settled-boundaries.ts";

/** The end of a page as React Router's pre-render writes it (React 19.3's streamed boundaries). */
const RUNTIME =
  '<script>$RB=[];$RV=function(a){$RT=performance.now();a.length=0};\n$RC=function(a,b){$RB.push(a,b)};$RC("B:0","S:0")</script>';
const STREAMED = [
  '<p>page</p><script type="module" async="">boot({})</script>',
  '<!--$?--><template id="B:0"></template><!--/$-->',
  '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>',
  '<div hidden id="S:0"><script>enqueue(1);</script><!--$?--><template id="B:1"></template><!--/$--></div>',
  RUNTIME,
  '<div hidden id="S:1"><script>close();</script></div><script>$RC("B:1","S:1")</script></body></html>',
].join("");

describe("streamed boundaries, settled", () => {
  it("puts each boundary's content in its place, as React's runtime leaves it, and drops the runtime", () => {
    expect(settleBoundaries(STREAMED)).toBe(
      '<p>page</p><script type="module" async="">boot({})</script>' +
        "<!--$--><script>enqueue(1);</script><!--$--><script>close();</script><!--/$--><!--/$--></body></html>",
    );
  });

  it("leaves a page without streamed boundaries as it is", () => {
    expect(settleBoundaries("<p>hi</p></body></html>")).toBe("<p>hi</p></body></html>");
  });

  it("stops the build when the boundaries are not as React writes them", () => {
    expect(() => settleBoundaries(STREAMED.replace(RUNTIME, ""), "/x")).toThrow("/x: no React reveal runtime");
    expect(() => settleBoundaries(STREAMED.replace('<div hidden id="S:1">', '<div id="S:1">'), "/x")).toThrow(
      "/x: no content for B:1",
    );
  });
});
