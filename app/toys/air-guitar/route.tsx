import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { AirGuitar } from "./air-guitar";
import { toy } from "./toy";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <AirGuitar />;
}
