import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { CoolQuiz } from "./cool-quiz";
import { toy } from "./toy";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <CoolQuiz />;
}
