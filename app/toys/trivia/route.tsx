import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { toy } from "./toy";
import { Trivia } from "./trivia";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <Trivia />;
}
