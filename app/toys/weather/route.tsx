import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { toy } from "./toy";
import { Weather } from "./weather";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <Weather />;
}
