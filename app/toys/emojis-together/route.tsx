import { pageHandle, pageMeta } from "../../kit/lib/meta";
import { EmojisTogether } from "./emojis-together";
import { toy } from "./toy";

export const meta = pageMeta(toy);
export const handle = pageHandle(toy);

export default function Route() {
  return <EmojisTogether />;
}
