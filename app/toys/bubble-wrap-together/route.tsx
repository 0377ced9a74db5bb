import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { BubbleWrapTogether } from "./bubble-wrap-together";
import { toy } from "./toy";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <BubbleWrapTogether />;
}
