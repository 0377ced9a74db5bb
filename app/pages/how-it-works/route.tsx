import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { HowItWorks } from "./how-it-works";
import { toy } from "./toy";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <HowItWorks />;
}
