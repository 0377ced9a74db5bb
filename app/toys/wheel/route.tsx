import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { toy } from "./toy";
import { Wheel } from "./wheel";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <Wheel />;
}
