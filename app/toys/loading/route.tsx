import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { EndlessLoading } from "./endless-loading";
import { toy } from "./toy";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <EndlessLoading />;
}
